import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { MemoryRouter, Route, Routes } from '@croft/router';
import { accountHandlers, buildFactor, buildSession, identityHandlers, MOCK_TOTP_SECRET, type AccountMockOptions } from '@croft/mocks';
import { ProfilePage } from './profile-page';
import { signedInFor } from '@croft/session/testing';

function ProfileAtPath() {
  return (
    <MemoryRouter initialEntries={['/common-room/member/profile']}>
      <Routes>
        <Route path="/common-room/member/profile" element={<ProfilePage />} />
        <Route path="*" element={<p>Signed out: back to the Common Room sign-in.</p>} />
      </Routes>
    </MemoryRouter>
  );
}

/** The account mocks plus identity's sign-in mocks (sign-out between stories answers 204). */
const mocks = (options: AccountMockOptions = {}) => ({ msw: { handlers: [...accountHandlers(options), ...identityHandlers()] } });

const meta = {
  title: 'Common Room/Profile',
  component: ProfileAtPath,
  parameters: { layout: 'fullscreen', ...mocks() },
  // A signed-in member for every story; signed out again afterwards.
  beforeEach: signedInFor(buildSession({ email: 'ada.lovelace@example.com' })),
} satisfies Meta<typeof ProfileAtPath>;

export default meta;
type Story = StoryObj<typeof meta>;

export const PasskeysListed: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('iCloud Keychain')).toBeInTheDocument();
    await expect(canvas.getByText('Never')).toBeInTheDocument();
    await expect(await canvas.findByRole('button', { name: 'Set up an authenticator app' })).toBeInTheDocument();
  },
};

export const NoPasskeys: Story = {
  parameters: mocks({ passkeys: [] }),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(/You have no passkeys yet/)).toBeInTheDocument();
  },
};

export const TotpVerified: Story = {
  parameters: mocks({ factors: [buildFactor()] }),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('On: Authenticator app')).toBeInTheDocument();
  },
};

export const TotpEnrolment: Story = {
  parameters: mocks(),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Set up an authenticator app' }));
    await expect(await canvas.findByText(MOCK_TOTP_SECRET)).toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: 'Open in your authenticator app' })).toBeInTheDocument();
  },
};

export const Loading: Story = {
  parameters: mocks({ delayMs: 'infinite' }),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Loading passkeys')).toBeInTheDocument();
  },
};

export const ServiceError: Story = {
  parameters: mocks({ fails: { status: 503, code: 'service_unavailable', message: 'Something went wrong. Please try again.' } }),
  play: async ({ canvasElement }) => {
    // Both sections (passkeys, two-step verification) report the failure once both reads end.
    await waitFor(async () => {
      const alerts = within(canvasElement).getAllByRole('alert');
      await expect(alerts).toHaveLength(2);
      for (const alert of alerts) await expect(alert).toHaveTextContent('Something went wrong. Please try again.');
    });
  },
};
