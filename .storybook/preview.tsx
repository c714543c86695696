import type { Preview } from '@storybook/react-vite';
import type { LoaderFunction } from 'storybook/internal/types';
import { mswLoader } from 'msw-storybook-addon/csf3';
import { ToastProvider, dismissToast } from '@croft/ui';
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
  if (!context.parameters.msw && !mswStarted) return {};
  mswStarted = true;
  return startMsw(context);
};

const preview: Preview = {
  loaders: [lazyMswLoader],
  decorators: [
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
