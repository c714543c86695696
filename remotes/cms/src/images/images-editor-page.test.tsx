import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IMAGE_ALT_REQUIRED, IMAGE_ERROR_MESSAGES, type PageKey } from '@croft/contracts';
import {
  MOCK_DRAFT_IMAGE_ALT,
  buildStaffSession,
  createImageEditingStore,
  identityHandlers,
  imageEditingHandlers,
  imageFailure,
  type ImageEditingMockOptions,
  type StaffSessionOptions,
} from '@croft/mocks';
import { createMockServer, installNodeFormData } from '@croft/mocks/node';
import { queryWrapper } from '@croft/query/testing';
import { MemoryRouter, Route, Routes, useLocation } from '@croft/router';
import { getSessionClient } from '@croft/session';
import { createToastStore, ToastProvider } from '@croft/ui';
import { ImagesEditorPage } from './images-editor-page';

const server = createMockServer([...imageEditingHandlers(), ...identityHandlers()]);
let restoreFormData: () => void = () => undefined;
beforeAll(async () => {
  // Uploads go through Node's fetch: Node's FormData and File, not jsdom's.
  restoreFormData = await installNodeFormData();
  server.listen({ onUnhandledRequest: 'error' });
});
afterEach(async () => {
  await getSessionClient()
    .signOut()
    .catch(() => undefined);
  localStorage.clear();
  server.resetHandlers();
});
afterAll(() => {
  server.close();
  restoreFormData();
});

const EDITOR: StaffSessionOptions = { email: 'ann.editor@croftcommon.co.uk', roles: ['editor'] };

function Where() {
  return <div data-testid="location">{useLocation().pathname}</div>;
}

function open(page: string = 'home', options: ImageEditingMockOptions = {}) {
  const store = options.store ?? createImageEditingStore();
  server.resetHandlers(...imageEditingHandlers({ ...options, store }), ...identityHandlers());
  getSessionClient().setSession(buildStaffSession(EDITOR));
  const toasts = createToastStore();
  render(
    <ToastProvider store={toasts}>
      <MemoryRouter initialEntries={[`/cms/images/${page}`]}>
        <Routes>
          <Route path="/cms/images/:page" element={<ImagesEditorPage />} />
        </Routes>
        <Where />
      </MemoryRouter>
    </ToastProvider>,
    { wrapper: queryWrapper() },
  );
  return { store, toasts };
}

/** A PNG's signature and IHDR (1200 × 800): what the checks read. */
function png(): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(64);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  new DataView(bytes.buffer).setUint32(16, 1200);
  new DataView(bytes.buffer).setUint32(20, 800);
  return bytes;
}

const list = (name: RegExp) => screen.findByRole('list', { name });
const heroList = () => list(/^Hero carousel/);
const backgroundList = () => list(/^Background images/);
async function names(which: () => Promise<HTMLElement>): Promise<string[]> {
  return within(await which())
    .getAllByRole('heading', { level: 3 })
    .map((h) => h.lastChild?.textContent ?? '');
}
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** An image's card in a carousel (home's hero by default: its catalogue images are also home's background). */
const cardOf = async (alt: string, which: () => Promise<HTMLElement> = heroList) =>
  (await within(await which()).findByRole('heading', { level: 3, name: new RegExp(`:\\s*${escape(alt)}$`) })).closest('li')!;
const uploadForm = (name = 'Add an image to the hero carousel') => screen.getByRole('form', { name });
const status = () => screen.getByRole('status');
const storeAlts = (store: ReturnType<typeof createImageEditingStore>, page: PageKey = 'home', carousel = 'hero') =>
  store.carouselRows(page, carousel).map((r) => r.metadata.alt);

describe('ImagesEditorPage', () => {
  it('shows home’s hero and background images in order with their status; the picker switches page', async () => {
    const { store } = open();
    expect(await names(heroList)).toEqual(storeAlts(store));
    expect(await names(backgroundList)).toEqual(storeAlts(store, 'home', 'background'));
    expect(screen.getByRole('heading', { level: 2, name: 'Hero carousel (4 images)' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Background images (5 images, 1 draft)' })).toBeInTheDocument();
    const draft = await cardOf(MOCK_DRAFT_IMAGE_ALT, backgroundList);
    expect(within(draft).getByText('Draft')).toBeInTheDocument();
    expect(within(draft).getByRole('button', { name: `Publish: ${MOCK_DRAFT_IMAGE_ALT}` })).toBeInTheDocument();
    const first = await cardOf(storeAlts(store)[0]!);
    expect(within(first).getByText('Published')).toBeInTheDocument();
    expect(first.querySelector('img')).toHaveAttribute('src', '/images/home-1-768.webp');
    expect(within(first).getByRole('slider', { name: 'Overlay strength' })).toHaveAttribute('aria-valuetext', '35%');
    expect(screen.getByRole('link', { name: 'FAQ on Home' })).toHaveAttribute('href', '/cms/faq/home');

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Page' }), 'Cafe');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/cms/images/cafe'));
    await waitFor(async () => expect(await names(backgroundList)).toEqual(storeAlts(store, 'cafe', 'background')));
    expect(screen.queryByRole('heading', { name: /^Hero carousel/ })).not.toBeInTheDocument();
  });

  it('uploads an image as a draft at the end of the carousel: focus on it, announced, previewed from its files', async () => {
    const { store, toasts } = open();
    await heroList();
    const form = uploadForm();
    await userEvent.upload(within(form).getByLabelText(/Image file/), new File([png()], 'pier.png', { type: 'image/png' }));
    await userEvent.type(within(form).getByRole('textbox', { name: /Alt text/ }), 'The pier at dusk');
    await userEvent.selectOptions(within(form).getByRole('combobox', { name: /Tone/ }), 'Warm');
    await userEvent.click(within(form).getByRole('button', { name: 'Upload image' }));

    await waitFor(async () => expect((await names(heroList)).at(-1)).toBe('The pier at dusk'));
    const card = await cardOf('The pier at dusk');
    expect(within(card).getByText('Draft')).toBeInTheDocument();
    await waitFor(() => expect(within(card).getByRole('heading', { level: 3 })).toHaveFocus());
    expect(status()).toHaveTextContent('“The pier at dusk” uploaded as a draft at position 5 of 5 in the hero carousel.');
    const row = store.carouselRows('home', 'hero').at(-1)!;
    expect(row).toMatchObject({ published: false, uploaded: true, metadata: { alt: 'The pier at dusk', type: 'warm' } });
    expect(store.files.get(row.id)?.type).toBe('image/png');
    expect(card.querySelector('img')).toHaveAttribute('src', `${row.image_url}-768.webp`);
    expect(toasts.getSnapshot().map((t) => t.title)).toContain('Image uploaded');
    // The form is ready for the next one.
    expect(within(form).getByRole('textbox', { name: /Alt text/ })).toHaveValue('');
  });

  it('says a file is not an image it takes before sending it, in the contract’s words', async () => {
    const { store } = open();
    await heroList();
    const form = uploadForm();
    const field = within(form).getByLabelText(/Image file/);
    // Called .png, declared image/png, but a GIF by its bytes.
    await userEvent.upload(field, new File(['GIF89a, really'], 'fake.png', { type: 'image/png' }));
    await waitFor(() => expect(field).toHaveAccessibleDescription(expect.stringContaining(IMAGE_ERROR_MESSAGES.image_type_unsupported)));
    await userEvent.type(within(form).getByRole('textbox', { name: /Alt text/ }), 'Not really a photo');
    await userEvent.click(within(form).getByRole('button', { name: 'Upload image' }));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveFocus();
    expect(store.audit).toHaveLength(0);
  });

  it('shows the service’s refusal of an upload in an alert', async () => {
    const { store } = open('home', { failures: { uploadImage: imageFailure('storage_unavailable') } });
    await heroList();
    const form = uploadForm('Add a background image');
    await userEvent.upload(within(form).getByLabelText(/Image file/), new File([png()], 'pier.png', { type: 'image/png' }));
    await userEvent.type(within(form).getByRole('textbox', { name: /Alt text/ }), 'The pier');
    await userEvent.click(within(form).getByRole('button', { name: 'Upload image' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(IMAGE_ERROR_MESSAGES.storage_unavailable);
    expect(within(form).getByRole('textbox', { name: /Alt text/ })).toHaveValue('The pier');
    expect(store.files.size).toBe(0);
  });

  it('alt text is required: on the upload form before sending, and on a card as it is emptied', async () => {
    const { store } = open();
    await heroList();
    const form = uploadForm();
    await userEvent.upload(within(form).getByLabelText(/Image file/), new File([png()], 'pier.png', { type: 'image/png' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Upload image' }));
    const alt = within(form).getByRole('textbox', { name: /Alt text/ });
    expect(alt).toHaveAccessibleDescription(expect.stringContaining(IMAGE_ALT_REQUIRED));
    expect(alt).toHaveFocus();
    expect(store.files.size).toBe(0);

    const first = store.carouselRows('home', 'hero')[0];
    const card = await cardOf(first.metadata.alt!);
    const cardAlt = within(card).getByRole('textbox', { name: /Alt text/ });
    await userEvent.clear(cardAlt);
    expect(cardAlt).toHaveAccessibleDescription(expect.stringContaining(IMAGE_ALT_REQUIRED));
    await userEvent.click(within(card).getByRole('button', { name: `Save: ${first.metadata.alt}` }));
    expect(cardAlt).toHaveFocus();
    expect(store.rows.find((r) => r.id === first.id)?.version).toBe(1);
  });

  it('saves metadata over the version it started from; Save is off while nothing changed; the overlay previews live', async () => {
    const { store } = open();
    const row = { ...store.carouselRows('home', 'hero')[1] };
    const card = await cardOf(row.metadata.alt!);
    const save = within(card).getByRole('button', { name: `Save: ${row.metadata.alt}` });
    expect(save).toBeDisabled();
    expect(within(card).getByText(/changes what visitors see straight away/)).toBeInTheDocument();
    const slider = within(card).getByRole('slider', { name: 'Overlay strength' });
    fireEvent.change(slider, { target: { value: '0.7' } });
    expect(slider).toHaveAttribute('aria-valuetext', '70%');
    expect(card.querySelector<HTMLElement>('.cms-images__overlay')?.style.opacity).toBe('0.7');
    await userEvent.selectOptions(within(card).getByRole('combobox', { name: 'Position' }), 'Centre, top');
    await userEvent.selectOptions(within(card).getByRole('combobox', { name: 'Size' }), 'contain');
    expect(save).toBeEnabled();
    await userEvent.click(save);
    await waitFor(() => expect(store.rows.find((r) => r.id === row.id)?.version).toBe(2));
    expect(store.rows.find((r) => r.id === row.id)?.metadata).toMatchObject({ overlay: 0.7, backgroundPosition: 'center top', backgroundSize: 'contain', alt: row.metadata.alt });
    await waitFor(() => expect(within(card).getByRole('heading', { level: 3 })).toHaveFocus());
    expect(within(card).getByRole('button', { name: `Save: ${row.metadata.alt}` })).toBeDisabled();
    expect(status()).toHaveTextContent(`“${row.metadata.alt}” saved. Visitors see the change now.`);
  });

  it('publishes and unpublishes, announced, focus kept', async () => {
    const { store } = open();
    await userEvent.click(await screen.findByRole('button', { name: `Publish: ${MOCK_DRAFT_IMAGE_ALT}` }));
    await waitFor(() => expect(status()).toHaveTextContent(`“${MOCK_DRAFT_IMAGE_ALT}” is published: visitors see it now.`));
    expect(store.rows.find((r) => r.metadata.alt === MOCK_DRAFT_IMAGE_ALT)?.published).toBe(true);
    const unpublish = screen.getByRole('button', { name: `Unpublish: ${MOCK_DRAFT_IMAGE_ALT}` });
    await waitFor(() => expect(unpublish).toHaveFocus());
    await userEvent.click(unpublish);
    await waitFor(() => expect(store.rows.find((r) => r.metadata.alt === MOCK_DRAFT_IMAGE_ALT)?.published).toBe(false));
    expect(within(await cardOf(MOCK_DRAFT_IMAGE_ALT, backgroundList)).getByText('Draft')).toBeInTheDocument();
  });

  it('reorders with Move up / Move down from the keyboard: announced, focus kept, saved', async () => {
    const { store } = open();
    const [first, second] = storeAlts(store);
    const hero = await heroList();
    const down = within(hero).getByRole('button', { name: `Move down: ${first}` });
    down.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(async () => expect((await names(heroList)).slice(0, 2)).toEqual([second, first]));
    expect(status()).toHaveTextContent(`“${first}” moved down to position 2 of 4 in the hero carousel.`);
    await waitFor(() => expect(storeAlts(store).slice(0, 2)).toEqual([second, first]));
    expect(within(hero).getByRole('button', { name: `Move down: ${first}` })).toHaveFocus();
    expect(within(hero).getByRole('button', { name: `Move up: ${second}` })).toBeDisabled();
    // The other carousel did not move.
    expect(await names(backgroundList)).toEqual(storeAlts(store, 'home', 'background'));
  });

  it('reorders by dragging an image onto another', async () => {
    const { store } = open();
    const order = storeAlts(store);
    fireEvent.dragStart(await cardOf(order[3]!));
    fireEvent.dragOver(await cardOf(order[0]!));
    fireEvent.drop(await cardOf(order[0]!));
    await waitFor(() => expect(storeAlts(store)).toEqual([order[3], order[0], order[1], order[2]]));
  });

  it('deletes only after confirmation; focus goes to the carousel', async () => {
    const { store } = open();
    const row = store.carouselRows('home', 'hero')[2];
    const hero = await heroList();
    await userEvent.click(within(hero).getByRole('button', { name: `Delete: ${row.metadata.alt}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this image?' });
    expect(dialog).toHaveTextContent('visitors will no longer see it');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(store.rows.some((r) => r.id === row.id)).toBe(true);

    await userEvent.click(within(hero).getByRole('button', { name: `Delete: ${row.metadata.alt}` }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete image' }));
    await waitFor(() => expect(store.rows.some((r) => r.id === row.id)).toBe(false));
    await waitFor(async () => expect(await names(heroList)).not.toContain(row.metadata.alt));
    await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: 'Hero carousel (3 images)' })).toHaveFocus());
  });

  it('a conflict says so in the contract’s words with a reload; after it the editor sees theirs and can save', async () => {
    const { store } = open('home', { conflictAlt: 'Their newer words' });
    const row = { ...store.carouselRows('home', 'hero')[0] };
    const card = await cardOf(row.metadata.alt!);
    await userEvent.selectOptions(within(card).getByRole('combobox', { name: 'Tone' }), 'Light');
    await userEvent.click(within(card).getByRole('button', { name: `Save: ${row.metadata.alt}` }));
    const notice = await screen.findByText(/Changed by someone else/);
    expect(notice.closest('[role="alert"]')).toHaveTextContent(IMAGE_ERROR_MESSAGES.edit_conflict);
    expect(store.rows.find((r) => r.id === row.id)?.metadata).toMatchObject({ alt: 'Their newer words', type: row.metadata.type });

    await userEvent.click(screen.getByRole('button', { name: 'Reload the images' }));
    const theirs = await cardOf('Their newer words');
    expect(screen.queryByText(/Changed by someone else/)).not.toBeInTheDocument();
    expect(within(theirs).getByRole('combobox', { name: 'Tone' })).toHaveValue(row.metadata.type);
    await userEvent.selectOptions(within(theirs).getByRole('combobox', { name: 'Tone' }), 'Light');
    await userEvent.click(within(theirs).getByRole('button', { name: 'Save: Their newer words' }));
    await waitFor(() => expect(store.rows.find((r) => r.id === row.id)?.metadata.type).toBe('light'));
  });

  it('a page without images says so per carousel, with the upload forms', async () => {
    open('home', { store: createImageEditingStore([]) });
    expect(await screen.findByText(/No images in the hero carousel yet/)).toBeInTheDocument();
    expect(screen.getByText(/No images in the background images yet/)).toBeInTheDocument();
    expect(uploadForm()).toBeInTheDocument();
  });

  it('says when the list cannot be read, with Try again', async () => {
    open('home', { failures: { listImageEditorRows: 500 } });
    expect(await screen.findByText(/The images could not be loaded/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('without permission it says so instead of offering a retry', async () => {
    open('cafe', { failures: { listImageEditorRows: { status: 403, code: 'forbidden', message: 'You do not have permission to do this.' } } });
    expect(await screen.findByText(/You do not have permission to edit images/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });
});
