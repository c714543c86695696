import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MOCK_OTHER_EDITOR } from '@croft/mocks';
import { createEditingServer, renderEditing, toastTitles, useWorld } from '../review/test-utils';
import { HistoryPage, RESTORE_CONFLICT_MESSAGE, RESTORED_TOAST_TITLE } from './history-page';

const server = createEditingServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const cafeTitle = { page: 'cafe', section: 'hero', content_key: 'title' } as const;
const renderHistory = (path = '/cms/history/cafe/hero/title') => ({
  user: userEvent.setup(),
  ...renderEditing(<HistoryPage />, { path, route: '/cms/history/:page/:section/:key' }),
});
const version = (revision: number) => screen.getByRole('heading', { level: 3, name: new RegExp(`^Revision ${revision}\\b`) }).closest('li') as HTMLElement;

describe('a text’s history', () => {
  it('lists every published version newest first with who and when (revision numbers can have gaps)', async () => {
    useWorld(server);
    renderHistory();
    expect(await screen.findByRole('heading', { level: 1, name: 'History: Cafe · hero · title' })).toBeInTheDocument();
    const list = await screen.findByRole('list');
    const headings = within(list).getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(headings).toEqual(['Revision 4 Live', 'Revision 2', 'Revision 1']);
    expect(version(2)).toHaveTextContent('by sam@example.com');
    expect(version(1)).toHaveTextContent('by the site’s bundled text');
    expect(screen.getByText(/A draft \(revision 5, by editor@example.com\) is waiting/)).toBeInTheDocument();
    expect(within(version(4)).queryByRole('button', { name: /Restore/ })).not.toBeInTheDocument();
  });

  it('compares a version with the live one', async () => {
    useWorld(server);
    const { user } = renderHistory();
    await screen.findByRole('heading', { level: 3, name: /^Revision 2/ });
    const compare = within(version(2)).getByRole('button', { name: 'Compare with live' });
    await user.click(compare);
    expect(compare).toHaveAttribute('aria-expanded', 'true');
    const diff = version(2).querySelector('.cms-history__diff') as HTMLElement;
    expect(diff.querySelector('del')?.textContent).toContain('Croft');
    expect(diff).toHaveTextContent('Text Alignment: Center → becomes Default');
  });

  it('restores a version as a new draft over the head revision: toast, announcement, draft-content-changed', async () => {
    const store = useWorld(server);
    const { user, toasts, events } = renderHistory();
    await screen.findByRole('heading', { level: 3, name: /^Revision 2/ });
    await user.click(within(version(2)).getByRole('button', { name: 'Restore revision 2' }));
    expect(await screen.findByText(/Revision 2 is now draft revision 6/, { selector: '[role="status"]' })).toBeInTheDocument();
    expect(store.entry(cafeTitle).draft).toMatchObject({ revision: 6, content_data: { text: 'The Cafe at Croft' } });
    expect(toastTitles(toasts)).toContain(RESTORED_TOAST_TITLE);
    expect(events.some((e) => e.type === 'draft-content-changed')).toBe(true);
    expect(await screen.findByText(/A draft \(revision 6, by editor@example.com\) is waiting/)).toBeInTheDocument();
  });

  it('a restore over a text someone changed meanwhile (409) says so, reloads the text, and restores nothing', async () => {
    const store = useWorld(server);
    const { user } = renderHistory();
    await screen.findByRole('heading', { level: 3, name: /^Revision 2/ });
    store.save(cafeTitle, { text: 'Sam’s newer draft' }, 5, MOCK_OTHER_EDITOR);
    await user.click(within(version(2)).getByRole('button', { name: 'Restore revision 2' }));
    expect(await screen.findByText(RESTORE_CONFLICT_MESSAGE)).toHaveAttribute('role', 'alert');
    expect(await screen.findByText(/A draft \(revision 6, by sam@example.com\) is waiting/)).toBeInTheDocument();
    expect(store.entry(cafeTitle).draft).toMatchObject({ revision: 6, content_data: { text: 'Sam’s newer draft' } });
    // Restoring again now goes over the new head.
    await user.click(within(version(2)).getByRole('button', { name: 'Restore revision 2' }));
    await waitFor(() => expect(store.entry(cafeTitle).draft).toMatchObject({ revision: 7, content_data: { text: 'The Cafe at Croft' } }));
  });

  it('a path that names no text, and a history that cannot be read, say so', async () => {
    useWorld(server);
    const first = renderHistory('/cms/history/nowhere/hero/title');
    expect(screen.getByText('There is no such text to show the history of.')).toHaveAttribute('role', 'alert');
    first.unmount();
    useWorld(server, { failures: { getTextHistory: 500 } });
    renderHistory();
    expect(await screen.findByText(/The history could not be loaded/)).toBeInTheDocument();
  });
});
