import type { Preview } from '@storybook/react-vite';
import type { LoaderFunction } from 'storybook/internal/types';
import { mswLoader } from 'msw-storybook-addon/csf3';
import type { RequestHandler } from 'msw';
import { ToastProvider, dismissToast } from '@croft/ui';
import { SCENARIOS, scenarioHandlers } from '@croft/mocks';
import { FreshQueryProvider } from '@croft/query/testing';
import '../libs/ui/src/global.css';

/**
 * MSW: a story opts in with `parameters: { msw: { handlers: [...] } }` (handlers
 * from @croft/mocks). The service worker starts the first time such a story
 * renders, so stories without mocks never touch it; once started, handlers are
 * reset to each story's own set.
 */
const startMsw = mswLoader();
let mswStarted = false;
const lazyMswLoader: LoaderFunction = async (context) => {
  // The toolbar's mock scenario (e.g. 'venue:total-unavailable') goes in front of the story's own
  // handlers, or of every service's defaults for a story without any.
  const scenario = context.globals.scenario as string | undefined;
  let msw = context.parameters.msw as { handlers?: RequestHandler[] | Record<string, RequestHandler[]> } | undefined;
  if (scenario && scenario !== 'default') {
    const own = msw?.handlers;
    msw = { handlers: scenarioHandlers([scenario], Array.isArray(own) ? own : own ? Object.values(own).flat() : undefined) };
  }
  if (!msw && !mswStarted) return {};
  mswStarted = true;
  return startMsw({ ...context, parameters: { ...context.parameters, msw } });
};

const preview: Preview = {
  // QA switches the mocks' named scenarios from the toolbar (the same ones as ?scenario= on a
  // standalone remote and in the tests).
  globalTypes: {
    scenario: {
      description: 'Mock scenario',
      toolbar: {
        title: 'Scenario',
        icon: 'lightning',
        items: SCENARIOS.map((s) => ({ value: s.id, title: s.label })),
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { scenario: 'default' },
  loaders: [lazyMswLoader],
  decorators: [
    // Every story gets a QueryClient of its own (no cached answer leaks between stories).
    (Story, { id }) => <FreshQueryProvider key={id}><Story /></FreshQueryProvider>,
    (Story) => (
      <ToastProvider>
        <Story />
      </ToastProvider>
    ),
  ],
  // Toasts live in a page-wide store: start every story with none.
  beforeEach() {
    dismissToast();
  },
  parameters: {
    layout: 'padded',
    controls: {
      matchers: { color: /(background|color)$/i, date: /Date$/i },
    },
    // Every story's axe violations fail its test (npm run test:stories).
    a11y: { test: 'error' },
  },
  tags: ['autodocs'],
};

export default preview;
