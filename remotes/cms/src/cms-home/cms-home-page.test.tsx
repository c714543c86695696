import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createEditingStore, identityHandlers } from '@croft/mocks';
import { createEditingServer, renderEditing, toastTitles, useWorld } from '../review/test-utils';
import { signInAs, signOutQuietly } from '../staff/testing';
import { CmsHomePage } from './cms-home-page';

const server = createEditingServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const renderHome = () => ({ user: userEvent.setup(), ...renderEditing(<CmsHomePage />, { path: '/cms' }) });
const section = (name: string) => screen.getByRole('region', { name });
const card = (name: string) => screen.getByRole('heading', { level: 3, name }).closest('li') as HTMLElement;

describe('the /cms home', () => {
  it('counts each page’s drafts, linking to its review and to the page to edit in place', async () => {
    useWorld(server);
    const { user } = renderHome();
    expect(await screen.findByText(/4 drafts waiting across the site/)).toBeInTheDocument();
    const cafe = within(card('Cafe'));
    expect(cafe.getByText('2 drafts waiting')).toBeInTheDocument();
    expect(cafe.getByRole('link', { name: 'Review 2 drafts on Cafe' })).toHaveAttribute('href', '/cms/review?page=cafe');
    expect(cafe.getByRole('link', { name: 'Edit in place: Cafe' })).toHaveAttribute('href', '/cafe');
    expect(cafe.getByRole('link', { name: 'Visual editor: Cafe' })).toHaveAttribute('href', '/cms/visual/cafe');
    expect(cafe.getByRole('link', { name: 'Images: Cafe' })).toHaveAttribute('href', '/cms/images/cafe');
    expect(within(card('Every page (site-wide text)')).queryByRole('link', { name: /^Images/ })).not.toBeInTheDocument();
    expect(within(card('Beer')).getByText('No drafts')).toBeInTheDocument();
    expect(within(card('Beer')).queryByRole('link', { name: /^Review/ })).not.toBeInTheDocument();
    expect(within(card('Every page (site-wide text)')).getByText('1 draft waiting')).toBeInTheDocument();
    await user.click(cafe.getByRole('link', { name: 'Review 2 drafts on Cafe' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/cms/review?page=cafe');
  });

  it('lists scheduled publishes with a way to cancel each', async () => {
    const store = useWorld(server);
    const { user, toasts } = renderHome();
    const schedules = await waitFor(() => section('Scheduled publishes'));
    expect(await within(schedules).findByText(/revision 2, goes live/)).toHaveTextContent('Home · about · heading');
    await user.click(within(schedules).getByRole('button', { name: 'Cancel schedule: Home · about · heading' }));
    expect(await within(schedules).findByText('Nothing is scheduled. Schedule a draft from the review panel.')).toBeInTheDocument();
    expect(store.schedules).toEqual([]);
    expect(toastTitles(toasts)).toContain('Schedule cancelled');
  });

  it('recent changes say who did what and when, newest first', async () => {
    useWorld(server);
    renderHome();
    const recent = await waitFor(() => section('Recent changes'));
    const rows = await within(recent).findAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('editor@example.com saved draft revision 5 of Cafe · hero · title.');
    expect(rows[1]).toHaveTextContent('sam@example.com saved draft revision 2 of Cafe · hero · subtitle.');
    expect(within(rows[0]).getByRole('link', { name: 'History: Cafe · hero · title' })).toHaveAttribute('href', '/cms/history/cafe/hero/title');
    expect(recent).toHaveTextContent('editor@example.com published revision 4 of Cafe · hero · title.');
  });

  it('links to the staff home only for people who may open it', async () => {
    useWorld(server);
    renderHome();
    await screen.findByText(/4 drafts waiting across the site/);
    // Nobody signed in here (the guard is tested with the routes): no staff home link.
    expect(screen.queryByRole('link', { name: 'Staff home' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Review and publish' })).toHaveAttribute('href', '/cms/review');
  });

  it('an admin gets the staff home link; a plain editor does not', async () => {
    useWorld(server);
    server.use(...identityHandlers());
    signInAs({ email: 'jo@croftcommon.co.uk', roles: ['editor', 'admin'] });
    try {
      const first = renderHome();
      expect(await screen.findByRole('link', { name: 'Staff home' })).toHaveAttribute('href', '/admin');
      expect(screen.getByText('Signed in as jo@croftcommon.co.uk')).toBeInTheDocument();
      first.unmount();
      signInAs({ email: 'ann@croftcommon.co.uk', roles: ['editor'] });
      renderHome();
      await screen.findByText('Signed in as ann@croftcommon.co.uk');
      expect(screen.queryByRole('link', { name: 'Staff home' })).not.toBeInTheDocument();
    } finally {
      await signOutQuietly();
    }
  });

  it('empty: nothing waiting and nothing scheduled', async () => {
    useWorld(server, { store: createEditingStore([]) });
    renderHome();
    expect(await screen.findByText('No drafts are waiting: everything on the site is published.')).toBeInTheDocument();
    expect(await screen.findByText('Nothing is scheduled. Schedule a draft from the review panel.')).toBeInTheDocument();
    expect(await screen.findByText('No changes yet.')).toBeInTheDocument();
  });

  it('a section that cannot be read says so with Try again; the others still show', async () => {
    useWorld(server, { failures: { listSchedules: 500 } });
    renderHome();
    expect(await screen.findByText(/Scheduled publishes could not be loaded/)).toBeInTheDocument();
    expect(within(section('Scheduled publishes')).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(await screen.findByText(/4 drafts waiting across the site/)).toBeInTheDocument();
  });
});
