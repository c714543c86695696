import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { ANALYTICS_ERROR_MESSAGES } from '@croft/contracts';
import type { AdminPanelProps } from '@croft/contracts/remotes';
import { SERVER_ERROR, analyticsHandlers, buildSession, identityHandlers, scenarioHandlers, type AnalyticsMockOptions } from '@croft/mocks';
import { MemoryRouter } from '@croft/router';
import { PageFrame } from '@croft/ui';
import AnalyticsAdmin from './analytics-admin';
import { signedInFor } from '@croft/session/testing';

const FRAME_TITLES = { site: 'Staff area', members: 'Member analytics', legacy: 'Member analytics (legacy)' } as const;

/** The module as /admin mounts it: its own page (no view), or inside a cms page's frame (a view). */
function AtPath({ view }: { view?: AdminPanelProps['view'] }) {
  return (
    <MemoryRouter initialEntries={['/admin/analytics']}>
      {view ? (
        <PageFrame title={FRAME_TITLES[view]} section="home" eyebrow="Staff area (as the cms frames it)">
          <AnalyticsAdmin basePath="/admin/analytics" view={view} />
        </PageFrame>
      ) : (
        <AnalyticsAdmin basePath="/admin/analytics" />
      )}
    </MemoryRouter>
  );
}

const mocks = (options: AnalyticsMockOptions = {}) => ({ msw: { handlers: [...analyticsHandlers(options), ...identityHandlers()] } });

const meta = {
  title: 'Common Room/Analytics staff panel',
  component: AtPath,
  parameters: { layout: 'fullscreen', ...mocks() },
  beforeEach: signedInFor(buildSession({ email: 'sam.staff@croftcommon.co.uk', roles: ['staff'] })),
} satisfies Meta<typeof AtPath>;

export default meta;
type Story = StoryObj<typeof meta>;

export const SiteBusy: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('table', { name: 'Top pages' })).toBeVisible();
    const chart = canvas.getByRole('figure', { name: 'Visitors, sessions and page views per day' });
    await expect(chart).toBeVisible();
    // uPlot arrives on demand and draws on a canvas, hidden from assistive technology (the text alternative speaks for it).
    await waitFor(() => expect(chart.querySelector('.an-chart__canvas[aria-hidden="true"] canvas')).not.toBeNull(), { timeout: 10_000 });
  },
};

export const SiteThirtyDays: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('table', { name: 'Top pages' });
    await userEvent.click(canvas.getByRole('button', { name: '30 days' }));
    await expect(await canvas.findByText(/^Showing .* to .*\.$/)).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: '30 days' })).toHaveAttribute('aria-pressed', 'true');
  },
};

/** On the staff home (view 'site', framed by the cms's page). */
export const SiteOnStaffHome: Story = { args: { view: 'site' } };

export const SiteEmpty: Story = {
  parameters: mocks({ world: 'empty' }),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('No visits in this range yet.', { selector: '.an-empty' })).toBeVisible();
  },
};

export const SiteLoading: Story = {
  parameters: { msw: { handlers: [...identityHandlers(), ...scenarioHandlers(['loading'], [])] } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Loading the site analytics')).toBeInTheDocument();
  },
};

export const SiteError: Story = {
  parameters: mocks({ failures: { overview: SERVER_ERROR } }),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('button', { name: 'Try again' })).toBeVisible();
  },
};

export const RangeInvalid: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('table', { name: 'Top pages' });
    await userEvent.click(canvas.getByRole('button', { name: 'Custom' }));
    const form = within(canvas.getByRole('form', { name: 'Custom range' }));
    await userEvent.clear(form.getByLabelText(/From/));
    await userEvent.type(form.getByLabelText(/From/), '2099-01-01');
    await userEvent.click(form.getByRole('button', { name: 'Show' }));
    await expect(await canvas.findByText(ANALYTICS_ERROR_MESSAGES.range_invalid)).toBeVisible();
  },
};

export const SiteMobile: Story = {
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('table', { name: 'Journeys' })).toBeInTheDocument();
  },
};

export const Members: Story = {
  args: { view: 'members' },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('table', { name: 'Gate unlocks by method' })).toBeVisible();
  },
};

export const MembersNotConnected: Story = {
  args: { view: 'members' },
  parameters: mocks({ world: 'not-connected' }),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Not available: the loyalty service is not connected here.')).toBeVisible();
  },
};

export const MembersError: Story = {
  args: { view: 'members' },
  parameters: mocks({ failures: { members: SERVER_ERROR } }),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('button', { name: 'Try again' })).toBeVisible();
  },
};

export const MembersMobile: Story = {
  args: { view: 'members' },
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('table', { name: 'Members per day' })).toBeInTheDocument();
  },
};

export const Legacy: Story = {
  args: { view: 'legacy' },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('table', { name: /rows 1 to 50/ })).toBeVisible();
  },
};

export const LegacyPaging: Story = {
  args: { view: 'legacy' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('table', { name: /rows 1 to 50/ });
    await userEvent.click(canvas.getByRole('button', { name: 'Older rows' }));
    await expect(await canvas.findByRole('table', { name: /rows 51 to/ })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Newest rows' })).toBeVisible();
  },
};

export const LegacyEmpty: Story = {
  args: { view: 'legacy' },
  parameters: mocks({ world: 'empty' }),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('No rows in this range yet.')).toBeVisible();
  },
};

export const LegacyMobile: Story = {
  args: { view: 'legacy' },
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('table', { name: /rows 1 to 50/ })).toBeInTheDocument();
  },
};
