import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from '@croft/router';
import { identityHandlers } from '@croft/mocks';
import { createMockServer } from '@croft/mocks/node';
import { createToastStore, ToastProvider } from '@croft/ui';
import { getSessionClient } from '@croft/session';
import CommonRoomRoutes from '../../pages/common-room-routes';

// The identity client calls same-origin paths; jsdom's origin is http://localhost:3000.
const server = createMockServer(identityHandlers({ code: '135790' }));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function renderAt(path: string) {
  render(
    <ToastProvider store={createToastStore()}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/common-room/*" element={<CommonRoomRoutes />} />
        </Routes>
      </MemoryRouter>
    </ToastProvider>,
  );
}

describe('Common Room sign-in', () => {
  it('the members landing page sends visitors back to sign in', () => {
    renderAt('/common-room/main');
    expect(screen.getByRole('heading', { level: 1, name: 'The Common Room' })).toBeInTheDocument();
  });

  it('pressing 7 starts email sign-in; the code leads to the members landing page', async () => {
    const user = userEvent.setup();
    renderAt('/common-room');
    await user.keyboard('7');
    const dialog = await screen.findByRole('dialog', { name: 'Sign in' });
    await user.type(within(dialog).getByRole('textbox', { name: /Email/ }), 'grace.hopper@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send code' }));
    const codeDialog = await screen.findByRole('dialog', { name: 'Enter verification code' });
    await user.type(within(codeDialog).getByRole('textbox', { name: /6-digit code/ }), '135790');
    await user.click(within(codeDialog).getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Common Room' })).toBeInTheDocument();
    expect(screen.getByText('Hello, Grace')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Ledger/ })).toHaveAttribute('href', '/common-room/member/ledger');
    expect(getSessionClient().getSession()?.user.email).toBe('grace.hopper@example.com');
  });
});
