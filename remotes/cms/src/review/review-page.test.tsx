import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createEditingStore, MOCK_OTHER_EDITOR, type EditingStore } from '@croft/mocks';
import { pageTextQueryKey } from '@croft/api-client/content';
import { ReviewPage } from './review-page';
import { CHANGED_SINCE_REVIEW, INVALID_TIME_MESSAGE } from './problems';
import { createEditingServer, renderEditing, toastTitles, useWorld } from './test-utils';

const server = createEditingServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const cafeTitle = { page: 'cafe', section: 'hero', content_key: 'title' } as const;
const headOf = (store: EditingStore, key: typeof cafeTitle) => store.entry(key);

function renderReview(path = '/cms/review') {
  return { user: userEvent.setup(), ...renderEditing(<ReviewPage />, { path, route: '/cms/review' }) };
}

/** One draft's checkbox (not Select all). */
const ONE = /^Select (?!all )/;
const item = (name: RegExp | string) => screen.getByRole('heading', { level: 2, name }).closest('li') as HTMLElement;

describe('the review panel', () => {
  it('lists every pending draft with its word and position changes against what is live', async () => {
    useWorld(server);
    renderReview();
    expect(await screen.findByRole('heading', { level: 2, name: 'Cafe · hero · title' })).toBeInTheDocument();
    expect(screen.getAllByRole('checkbox', { name: ONE })).toHaveLength(4);
    const title = item('Cafe · hero · title');
    expect(within(title).getByText(/Draft revision 5, saved by editor@example.com/)).toBeInTheDocument();
    expect(within(title).getByText('Live: revision 4.', { exact: false })).toBeInTheDocument();
    expect(title.querySelector('ins')?.textContent).toContain('Common');
    // Only the place of the subtitle changes: named in the popup's words.
    const subtitle = within(item('Cafe · hero · subtitle'));
    expect(subtitle.getByText('The words are unchanged.')).toBeInTheDocument();
    const placement = subtitle.getByRole('list', { name: 'Position changes' });
    expect(placement).toHaveTextContent('Text Alignment: Default → becomes Right');
    expect(placement).toHaveTextContent('Top Margin: Default → becomes Large');
    expect(placement).toHaveTextContent('Bottom Margin: Default → becomes Small');
    // The scheduled one says when, with a way to cancel.
    expect(within(item('Home · about · heading')).getByText(/Scheduled to go live/)).toBeInTheDocument();
  });

  it('publishes the selection in one request naming each reviewed revision, then refreshes the site text, the list and the count', async () => {
    const store = useWorld(server);
    const requests: unknown[] = [];
    server.events.on('request:start', async ({ request }) => {
      if (request.url.endsWith('/editor/publish')) requests.push(await request.clone().json());
    });
    const { user, toasts, queryClient, events } = renderReview();
    queryClient.setQueryData(pageTextQueryKey('cafe'), []);
    await user.click(await screen.findByRole('checkbox', { name: 'Select Cafe · hero · title' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Cafe · hero · subtitle' }));
    await user.click(screen.getByRole('button', { name: 'Publish selected (2)' }));
    expect(await screen.findByText('Published 2 drafts.')).toHaveAttribute('role', 'status');
    server.events.removeAllListeners();
    expect(requests).toEqual([
      {
        items: [
          { ...cafeTitle, revision: 5 },
          { page: 'cafe', section: 'hero', content_key: 'subtitle', revision: 2 },
        ],
      },
    ]);
    expect(headOf(store, cafeTitle).live?.revision).toBe(5);
    await waitFor(() => expect(screen.queryByRole('heading', { level: 2, name: 'Cafe · hero · title' })).not.toBeInTheDocument());
    expect(screen.getAllByRole('checkbox', { name: ONE })).toHaveLength(2);
    expect(toastTitles(toasts)).toContain('Published');
    expect(events.some((e) => e.type === 'draft-content-changed')).toBe(true);
    expect(queryClient.getQueryState(pageTextQueryKey('cafe'))?.isInvalidated).toBe(true);
  });

  it('Publish all: a draft changed meanwhile is reported by name as changed since you reviewed it, the rest go live, and the list shows its new draft', async () => {
    const store = useWorld(server);
    const { user, toasts } = renderReview();
    await screen.findByRole('heading', { level: 2, name: 'Cafe · hero · title' });
    // Someone else saves over the cafe title after it was read.
    expect(store.save(cafeTitle, { text: 'Their newer title' }, 5, MOCK_OTHER_EDITOR)).not.toBeNull();
    await user.click(screen.getByRole('button', { name: 'Publish all' }));
    const alert = await screen.findByRole('alert', { name: 'Not published' });
    expect(alert).toHaveTextContent(`Cafe · hero · title ${CHANGED_SINCE_REVIEW}`);
    await waitFor(() => expect(alert).toHaveFocus());
    expect(screen.getByText(/^Published 3 drafts/)).toHaveTextContent(`Published 3 drafts. 1 was not published: it ${CHANGED_SINCE_REVIEW}.`);
    expect(toastTitles(toasts)).toEqual(expect.arrayContaining(['Published', 'Some drafts were not published']));
    expect(store.entry(cafeTitle)).toMatchObject({ live: { revision: 4 }, draft: { revision: 6 } });
    expect(await within(item('Cafe · hero · title')).findByText(/Draft revision 6, saved by sam@example.com/)).toBeInTheDocument();
    expect(screen.getAllByRole('checkbox', { name: ONE })).toHaveLength(1);
  });

  it('select all picks every draft; a failed publish says so and publishes nothing', async () => {
    const store = useWorld(server, { failures: { publishDrafts: 500 } });
    const { user, toasts } = renderReview();
    await user.click(await screen.findByRole('checkbox', { name: 'Select all 4 drafts' }));
    await user.click(screen.getByRole('button', { name: 'Publish selected (4)' }));
    expect(await screen.findByText(/^Publishing failed\./)).toBeInTheDocument();
    expect(toastTitles(toasts)).toContain('Publish failed');
    expect(store.entry(cafeTitle).draft?.revision).toBe(5);
  });

  it('discards a draft only after the confirmation', async () => {
    const store = useWorld(server);
    const { user, toasts } = renderReview();
    await user.click(await screen.findByRole('button', { name: 'Discard: Cafe · hero · title' }));
    let dialog = screen.getByRole('dialog', { name: 'Discard this draft?' });
    expect(dialog).toHaveTextContent('revision 5');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(store.entry(cafeTitle).draft?.revision).toBe(5);
    await user.click(screen.getByRole('button', { name: 'Discard: Cafe · hero · title' }));
    dialog = screen.getByRole('dialog', { name: 'Discard this draft?' });
    await user.click(within(dialog).getByRole('button', { name: 'Discard draft' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(store.entry(cafeTitle)).toMatchObject({ draft: null, head_revision: 4 });
    expect(toastTitles(toasts)).toContain('Draft discarded');
    expect(screen.getByText('Discarded the draft of Cafe · hero · title.')).toHaveAttribute('role', 'status');
    await waitFor(() => expect(screen.queryByRole('heading', { level: 2, name: 'Cafe · hero · title' })).not.toBeInTheDocument());
  });

  it('a discard of a draft that moved on is refused in words and nothing is deleted', async () => {
    const store = useWorld(server);
    const { user } = renderReview();
    await user.click(await screen.findByRole('button', { name: 'Discard: Cafe · hero · title' }));
    store.save(cafeTitle, { text: 'Newer' }, 5, MOCK_OTHER_EDITOR);
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Discard draft' }));
    expect(await within(screen.getByRole('dialog')).findByRole('alert')).toHaveTextContent(`This draft ${CHANGED_SINCE_REVIEW}`);
    expect(store.entry(cafeTitle).draft?.revision).toBe(6);
  });

  it('schedules in UK time: empty and past times are refused in words, the service’s invalid_time too, a good one is sent as UTC', async () => {
    const store = useWorld(server);
    const { user, toasts } = renderReview();
    await user.click(await screen.findByRole('button', { name: 'Schedule: Cafe · hero · title' }));
    const dialog = screen.getByRole('dialog', { name: 'Schedule publish' });
    const field = within(dialog).getByLabelText(/Go live at \(UK time\)/);
    await user.clear(field);
    await user.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    expect(within(dialog).getByText('Enter the date and time it should go live.')).toBeInTheDocument();
    await user.type(field, '2020-07-01T09:30');
    await user.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    expect(within(dialog).getByText(INVALID_TIME_MESSAGE)).toBeInTheDocument();
    // Two years ahead: the service refuses it (invalid_time), said in the same words.
    const far = new Date().getUTCFullYear() + 2;
    await user.clear(field);
    await user.type(field, `${far}-07-01T09:30`);
    await user.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    expect(await within(dialog).findByText(INVALID_TIME_MESSAGE)).toBeInTheDocument();
    expect(store.schedules.filter((s) => s.page === 'cafe')).toEqual([]);
    // Next summer, 09:30 BST is 08:30 UTC.
    const summer = new Date().getUTCFullYear() + 1;
    await user.clear(field);
    await user.type(field, `${summer}-07-01T09:30`);
    await user.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(store.schedules.find((s) => s.page === 'cafe')).toMatchObject({ ...cafeTitle, revision: 5, publish_at: `${summer}-07-01T08:30:00.000Z` });
    expect(toastTitles(toasts)).toContain('Publish scheduled');
    expect(await within(item('Cafe · hero · title')).findByText(/Scheduled to go live/)).toBeInTheDocument();
  });

  it('cancels a schedule', async () => {
    const store = useWorld(server);
    const { user, toasts } = renderReview();
    await user.click(await screen.findByRole('button', { name: 'Cancel schedule: Home · about · heading' }));
    await waitFor(() => expect(store.schedules).toEqual([]));
    expect(toastTitles(toasts)).toContain('Schedule cancelled');
    await waitFor(() => expect(within(item('Home · about · heading')).queryByText(/Scheduled to go live/)).not.toBeInTheDocument());
  });

  it('?page= shows one page’s drafts, with a way back to all', async () => {
    useWorld(server);
    const { user } = renderReview('/cms/review?page=cafe');
    expect(await screen.findByRole('heading', { level: 2, name: 'Cafe · hero · title' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 2, name: 'Home · about · heading' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Publish all on Cafe' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Show every page' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Home · about · heading' })).toBeInTheDocument();
  });

  it('empty and failed reads say so', async () => {
    useWorld(server, { store: createEditingStore() });
    const first = renderReview();
    expect(await screen.findByRole('heading', { name: 'Nothing to publish' })).toBeInTheDocument();
    first.unmount();
    useWorld(server, { failures: { listPendingDrafts: 500 } });
    renderReview();
    expect(await screen.findByText(/The drafts could not be loaded/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
