import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NUDGE_EMAIL_LINK_MESSAGE, NUDGE_ERROR_MESSAGES } from '@croft/contracts';
import { SERVER_ERROR, buildSession, identityHandlers, nudgeHandlers, scenarioHandlers, type NudgeMockOptions } from '@croft/mocks';
import { listenForTests } from '@croft/mocks/node';
import { queryWrapper } from '@croft/query/testing';
import { MemoryRouter } from '@croft/router';
import { getSessionClient } from '@croft/session';
import { NotificationsPage, UNSUPPORTED_TEXT, DENIED_TEXT } from './notifications-page';
import { FAKE_PUSH_ENDPOINT, createFakePushAdapter, type FakeBrowserOptions } from './push-adapter';

const server = listenForTests({ beforeAll, afterEach, afterAll });
afterEach(async () => {
  await getSessionClient()
    .signOut()
    .catch(() => undefined);
  localStorage.clear();
});

function open({ mocks = {}, browser = {}, signedIn = true, path = '/notifications' }: { mocks?: NudgeMockOptions; browser?: FakeBrowserOptions; signedIn?: boolean; path?: string } = {}) {
  server.resetHandlers(...nudgeHandlers(mocks), ...identityHandlers());
  if (signedIn) getSessionClient().setSession(buildSession({ email: 'ada@example.com' }));
  const push = createFakePushAdapter(browser);
  render(
    <MemoryRouter initialEntries={[path]}>
      <NotificationsPage push={push} />
    </MemoryRouter>,
    { wrapper: queryWrapper() },
  );
  return push;
}

const status = () => screen.getByRole('status');

describe('/notifications', () => {
  it('says plainly when the browser cannot receive nudges, and asks the service nothing', async () => {
    server.resetHandlers(...scenarioHandlers(['server-error'], identityHandlers()));
    const push = createFakePushAdapter({ supported: false });
    render(
      <MemoryRouter>
        <NotificationsPage push={push} />
      </MemoryRouter>,
      { wrapper: queryWrapper() },
    );
    expect(screen.getByRole('alert')).toHaveTextContent(UNSUPPORTED_TEXT);
    expect(screen.queryByRole('button', { name: 'Turn on nudges' })).not.toBeInTheDocument();
    expect(push.prompts).toBe(0);
  });

  it('signed in: the browser asks only after the press, then nudges are on and linked to the account', async () => {
    const push = open();
    const button = await screen.findByRole('button', { name: 'Turn on nudges' });
    expect(screen.getByRole('heading', { name: 'Nudges are off' })).toBeInTheDocument();
    expect(push.prompts).toBe(0);
    await userEvent.click(button);
    await waitFor(() => expect(status()).toHaveTextContent('Nudges are on in this browser, linked to your account.'));
    expect(push.prompts).toBe(1);
    const heading = screen.getByRole('heading', { name: 'Nudges are on' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByText(/This browser \(Chrome on Android\) gets our nudges\. They are linked to your account\./)).toBeInTheDocument();
    expect(await push.current()).toMatchObject({ endpoint: FAKE_PUSH_ENDPOINT });
    expect(screen.getByRole('group', { name: /nudge me about/ })).toBeInTheDocument();
  });

  it("not signed in: turning on asks for an email, checks it, then shows the spec's words", async () => {
    open({ signedIn: false });
    await userEvent.click(await screen.findByRole('button', { name: 'Turn on nudges' }));
    const form = await screen.findByRole('form', { name: 'Link nudges to your email' });
    expect(screen.getByText(/They are not linked to anyone yet\./)).toBeInTheDocument();
    await userEvent.type(within(form).getByRole('textbox', { name: /Email/ }), 'not an email');
    await userEvent.click(within(form).getByRole('button', { name: 'Email me the link' }));
    expect(await within(form).findByText('Enter your email address, like name@example.com.')).toBeInTheDocument();
    const box = within(form).getByRole('textbox', { name: /Email/ });
    await userEvent.clear(box);
    await userEvent.type(box, 'ada@example.com');
    await userEvent.click(within(form).getByRole('button', { name: 'Email me the link' }));
    await waitFor(() => expect(status()).toHaveTextContent(NUDGE_EMAIL_LINK_MESSAGE));
    expect(screen.queryByRole('form', { name: 'Link nudges to your email' })).not.toBeInTheDocument();
  });

  it("the link email failing is said in the service's words, and the form stays", async () => {
    open({ signedIn: false, mocks: { emailFails: true } });
    await userEvent.click(await screen.findByRole('button', { name: 'Turn on nudges' }));
    const form = await screen.findByRole('form', { name: 'Link nudges to your email' });
    await userEvent.type(within(form).getByRole('textbox', { name: /Email/ }), 'ada@example.com');
    await userEvent.click(within(form).getByRole('button', { name: 'Email me the link' }));
    expect(await within(form).findByText(NUDGE_ERROR_MESSAGES.email_failed)).toBeInTheDocument();
    expect(status()).not.toHaveTextContent(NUDGE_EMAIL_LINK_MESSAGE);
  });

  it('permission already blocked: explains how to allow it, and never prompts', async () => {
    const push = open({ browser: { permission: 'denied' } });
    expect(await screen.findByText(DENIED_TEXT)).toBeInTheDocument();
    expect(screen.getByText('Set Notifications to Allow.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Turn on nudges' })).not.toBeInTheDocument();
    expect(push.prompts).toBe(0);
  });

  it('blocked at the prompt: the explanation replaces the button; nothing reaches the service', async () => {
    const push = open({ browser: { answer: 'denied' } });
    await userEvent.click(await screen.findByRole('button', { name: 'Turn on nudges' }));
    expect(await screen.findByText(DENIED_TEXT)).toBeInTheDocument();
    expect(push.prompts).toBe(1);
    expect(await push.current()).toBeNull();
  });

  it('a prompt closed without an answer and a browser that cannot subscribe are said in words', async () => {
    open({ browser: { answer: 'default' } });
    await userEvent.click(await screen.findByRole('button', { name: 'Turn on nudges' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/closed without an answer/);
    expect(screen.getByRole('button', { name: 'Turn on nudges' })).toBeInTheDocument();
  });

  it('the push service refusing is said in words', async () => {
    open({ browser: { subscribeFails: 'Push service not available' } });
    await userEvent.click(await screen.findByRole('button', { name: 'Turn on nudges' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your browser could not set up nudges (Push service not available). Please try again.');
  });

  it('the nudge service failing to store the subscription is said in words', async () => {
    open({ mocks: { failures: { subscribe: SERVER_ERROR } } });
    await userEvent.click(await screen.findByRole('button', { name: 'Turn on nudges' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Nudges could not be turned on: .+/);
    expect(screen.getByRole('heading', { name: 'Nudges are off' })).toBeInTheDocument();
  });

  it('on and linked: turns off in the browser and the service', async () => {
    const push = open({ mocks: { world: 'linked' }, browser: { permission: 'granted', endpoint: FAKE_PUSH_ENDPOINT } });
    await userEvent.click(await screen.findByRole('button', { name: 'Turn off nudges' }));
    await waitFor(() => expect(status()).toHaveTextContent('Nudges are off in this browser.'));
    expect(await push.current()).toBeNull();
    expect(screen.getByRole('heading', { name: 'Nudges are off' })).toHaveFocus();
    // The service forgot it too: a fresh read of "mine" says off.
    const mine = await fetch(new URL('/api/nudge/subscriptions/mine', window.location.origin)).then((r) => r.json());
    expect(mine).toEqual({ subscription: null, recent: [] });
  });

  it('signed in with a browser turned on while signed out: Link to my account links it', async () => {
    open({ mocks: { world: 'on' }, browser: { permission: 'granted', endpoint: FAKE_PUSH_ENDPOINT } });
    expect(await screen.findByText(/They are not linked to your account yet\./)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Link to my account' }));
    await waitFor(() => expect(status()).toHaveTextContent('Nudges in this browser are now linked to your account.'));
    expect(await screen.findByText(/They are linked to your account\./)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Link to my account' })).not.toBeInTheDocument();
  });

  it('chooses topics (the newsletter interests) and saves them', async () => {
    open({ mocks: { world: 'linked' }, browser: { permission: 'granted', endpoint: FAKE_PUSH_ENDPOINT } });
    const topics = await screen.findByRole('group', { name: /nudge me about/ });
    const save = screen.getByRole('button', { name: 'Save topics' });
    expect(save).toBeDisabled();
    await userEvent.click(within(topics).getByRole('checkbox', { name: 'Film & Cinema' }));
    await userEvent.click(within(topics).getByRole('checkbox', { name: 'Cooking Classes' }));
    await userEvent.click(save);
    await waitFor(() => expect(status()).toHaveTextContent('Topics saved: 2 chosen.'));
    const mine = await fetch(new URL('/api/nudge/subscriptions/mine', window.location.origin)).then((r) => r.json());
    expect(mine.subscription.topics).toEqual(['Cooking Classes', 'Film & Cinema']);
  });

  it('lists the nudges the service delivered to this browser, newest first, each linking where it leads', async () => {
    open({ mocks: { world: 'history' }, browser: { permission: 'granted', endpoint: FAKE_PUSH_ENDPOINT } });
    const section = (await screen.findByRole('heading', { name: 'Last nudges on this device' })).closest('section')!;
    const cinema = await within(section).findByRole('link', { name: 'Cinema tickets are out' });
    expect(cinema).toHaveAttribute('href', '/hall');
    expect(cinema).not.toHaveAttribute('target');
    expect(cinema.closest('li')).toHaveTextContent('Secret Cinema: 50 seats, book now.');
    expect(cinema.closest('li')).toHaveTextContent(/Delivered \d{1,2} \w{3} \d{4}, \d{2}:\d{2}/);
    expect(within(section).getAllByRole('listitem')).toHaveLength(1);
  });

  it('shows the last nudge this device stored when the service lists none', async () => {
    open({
      mocks: { world: 'linked' },
      browser: { permission: 'granted', endpoint: FAKE_PUSH_ENDPOINT, lastReceived: { url: '/hall', timestamp: Date.parse('2026-11-24T10:00:00Z'), nudge_id: 'x' } },
    });
    const last = await screen.findByRole('link', { name: '/hall' });
    expect(last).toHaveAttribute('href', '/hall');
    expect(last.closest('li')).toHaveTextContent('received 24 Nov 2026, 10:00');
  });

  it('says when nothing has reached the device yet', async () => {
    open();
    expect(await screen.findByText('No nudge has reached this device yet.')).toBeInTheDocument();
  });

  it('could not reach the service: said in words, with Try again', async () => {
    server.resetHandlers(...scenarioHandlers(['server-error'], identityHandlers()));
    render(
      <MemoryRouter>
        <NotificationsPage push={createFakePushAdapter()} />
      </MemoryRouter>,
      { wrapper: queryWrapper() },
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Could not check this browser’s nudges: .+/);
    server.resetHandlers(...nudgeHandlers(), ...identityHandlers());
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Turn on nudges' })).toBeInTheDocument();
  });

  it('after the emailed link: linked, or the invalid-link words', async () => {
    open({ path: '/notifications?link=invalid' });
    expect(await screen.findByText(NUDGE_ERROR_MESSAGES.link_invalid)).toBeInTheDocument();
  });
});
