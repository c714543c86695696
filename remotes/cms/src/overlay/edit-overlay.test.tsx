import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CMS_EDIT_MODE_ATTRIBUTE, DRAFT_CONTENT_CHANGED_EVENT, type CmsGlobalContentRow } from '@croft/contracts';
import { GLOBAL_TEXT_QUERY, createContentClient, pageTextQueryKey } from '@croft/api-client/content';
import { buildSeedVersions, buildTextVersion, contentHandlers, createEditingStore, editingHandlers, MOCK_EDITOR } from '@croft/mocks';
import { createMockServer } from '@croft/mocks/node';
import { useQuery } from '@croft/query';
import { createTestQueryClient, queryWrapper } from '@croft/query/testing';
import { setEditMode } from '@croft/session';
import { ToastProvider, dismissToast } from '@croft/ui';
import { createEditingClient } from '../editing/api/editing-client';
import EditOverlay, { pendingLabel } from './edit-overlay';

const server = createMockServer([...editingHandlers(), ...contentHandlers()]);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  act(() => setEditMode(false));
  server.resetHandlers();
  dismissToast();
  sessionStorage.clear();
});
afterAll(() => server.close());

const content = createContentClient({ baseUrl: 'http://api.test' });
const client = createEditingClient({ baseUrl: 'http://api.test', getAccessToken: () => 'token' });

/** A stand-in for the site's CmsText and the shell's brand name: reads the same caches the same way. */
function CafeTitle() {
  const { data } = useQuery({ queryKey: pageTextQueryKey('cafe'), queryFn: () => content.pageText('cafe'), staleTime: Infinity });
  const row = data?.find((r) => r.published && r.section === 'hero' && r.content_key === 'title');
  return (
    <h1 data-cms-page="cafe" data-cms-section="hero" data-cms-key="title">
      {row?.content_data.text ?? 'Bundled title'}
    </h1>
  );
}
function Brand() {
  const { data } = useQuery<CmsGlobalContentRow[]>({ ...GLOBAL_TEXT_QUERY, queryFn: () => content.globalText() });
  const name = data?.find((r) => r.published && r.content_key === 'brand_name')?.content_value ?? 'Croft Common';
  return (
    <a href="/" data-cms-page="global" data-cms-section="global" data-cms-key="brand_name">
      {name}
    </a>
  );
}

function renderPage(store = createEditingStore()) {
  server.use(...editingHandlers({ store }));
  const queryClient = createTestQueryClient();
  const Query = queryWrapper(queryClient);
  render(
    <Query>
      <ToastProvider>
        <Brand />
        <CafeTitle />
        <button type="button">Elsewhere</button>
        <EditOverlay client={client} />
      </ToastProvider>
    </Query>,
  );
  return { store, queryClient, user: userEvent.setup() };
}

const draftStore = () =>
  createEditingStore([
    ...buildSeedVersions(['cafe', 'global']),
    buildTextVersion({ page: 'cafe', section: 'hero', content_key: 'title', revision: 2, published: false, content_data: { text: 'Draft title' }, created_by: MOCK_EDITOR }),
    buildTextVersion({ page: 'global', section: 'global', content_key: 'brand_name', revision: 2, published: false, content_data: { text: 'Draft Brand' }, created_by: MOCK_EDITOR }),
  ]);

describe('EditOverlay toolbar', () => {
  it('counts pending changes, and counts again when a save announces draft-content-changed', async () => {
    expect(pendingLabel(0)).toBe('No pending changes');
    expect(pendingLabel(1)).toBe('1 pending change');
    expect(pendingLabel(3)).toBe('3 pending changes');
    const { store } = renderPage();
    expect(await screen.findByText('No pending changes')).toBeInTheDocument();
    expect(store.save({ page: 'cafe', section: 'hero', content_key: 'title' }, { text: 'New title' }, 1)).not.toBeNull();
    act(() => void window.dispatchEvent(new Event(DRAFT_CONTENT_CHANGED_EVENT)));
    expect(await screen.findByText('1 pending change')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Review and publish' })).toHaveAttribute('href', '/cms/review');
  });

  it('edit mode and preview are toggle buttons, announced in a live region; the document is marked while editing', async () => {
    const { user } = renderPage();
    const edit = screen.getByRole('button', { name: 'Edit mode' });
    const preview = screen.getByRole('button', { name: 'Preview' });
    const status = within(screen.getByRole('complementary', { name: 'Content editing' })).getByRole('status');
    expect(edit).toHaveAttribute('aria-pressed', 'false');
    expect(preview).toBeDisabled();
    expect(status).toHaveTextContent('Edit mode off.');
    edit.focus();
    await user.keyboard('{Enter}');
    expect(edit).toHaveAttribute('aria-pressed', 'true');
    expect(status).toHaveTextContent('Edit mode on');
    expect(document.documentElement).toHaveAttribute(CMS_EDIT_MODE_ATTRIBUTE, 'true');
    await user.click(preview);
    expect(preview).toHaveAttribute('aria-pressed', 'true');
    expect(status).toHaveTextContent('Preview');
    expect(document.documentElement).not.toHaveAttribute(CMS_EDIT_MODE_ATTRIBUTE);
  });
});

describe('EditOverlay in edit mode', () => {
  it('shows drafts in place of published text (page and global), and the published text again when it ends', async () => {
    const { user } = renderPage(draftStore());
    expect(await screen.findByRole('heading', { name: 'The Cafe' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Edit mode' }));
    expect(await screen.findByRole('heading', { name: 'Draft title' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Draft Brand' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByRole('heading', { name: 'The Cafe' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByRole('heading', { name: 'Draft title' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Edit mode' }));
    expect(await screen.findByRole('heading', { name: 'The Cafe' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Croft Common' })).toBeInTheDocument();
  });

  it('a click on a text opens its popup only in edit mode (a link does not navigate); a saved draft shows at once', async () => {
    const { user } = renderPage();
    const title = await screen.findByRole('heading', { name: 'The Cafe' });
    await user.click(title);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Edit mode' }));
    await user.click(title);
    const dialog = await screen.findByRole('dialog', { name: 'Edit text' });
    expect(dialog).toHaveTextContent('cafe · hero · title');
    const field = await within(dialog).findByLabelText('Content');
    await user.clear(field);
    await user.type(field, 'Edited title{Enter}');
    expect(await screen.findByRole('heading', { name: 'Edited title' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('1 pending change')).toBeInTheDocument();

    const brand = screen.getByRole('link', { name: 'Croft Common' });
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    act(() => void brand.dispatchEvent(click));
    expect(click.defaultPrevented).toBe(true);
    expect(await screen.findByRole('dialog', { name: 'Edit text' })).toHaveTextContent('global · global · brand_name');
  });

  it('texts join the tab order in edit mode and open with Enter; they leave it afterwards', async () => {
    const { user } = renderPage();
    const title = await screen.findByRole('heading', { name: 'The Cafe' });
    expect(title).not.toHaveAttribute('tabindex');
    await user.click(screen.getByRole('button', { name: 'Edit mode' }));
    expect(title).toHaveAttribute('tabindex', '0');
    title.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Edit text' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(title).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'Edit mode' }));
    expect(title).not.toHaveAttribute('tabindex');
  });
});
