import type { Meta, StoryObj } from '@storybook/react-vite';
import type { RequestHandler } from 'msw';
import { expect, fireEvent, userEvent, waitFor, within } from 'storybook/test';
import { IMAGE_ALT_REQUIRED, IMAGE_ERROR_MESSAGES } from '@croft/contracts';
import {
  MOCK_DRAFT_IMAGE_ALT,
  buildImageEditorRow,
  buildStaffSession,
  createImageEditingStore,
  identityHandlers,
  imageEditingHandlers,
  imageEditingScenarios,
  mockImageId,
} from '@croft/mocks';
import { MemoryRouter, Route, Routes } from '@croft/router';
import { getSessionClient } from '@croft/session';
import { AN_EDITOR } from '../staff/story-utils';
import { ImagesEditorPage } from './images-editor-page';
import { signOutQuietly } from '@croft/session/testing';

/** The page at /cms/images/:page (the staff guard in front of it is the route's, not the page's). */
function ImagesEditorAt({ page = 'home' }: { page?: string }) {
  return (
    <MemoryRouter initialEntries={[`/cms/images/${page}`]}>
      <Routes>
        <Route path="/cms/images/:page" element={<ImagesEditorPage />} />
      </Routes>
    </MemoryRouter>
  );
}

/** The in-memory world of the default stories, back to its fixtures before each story. */
const store = createImageEditingStore();
const mocks = (handlers: RequestHandler[]) => ({ msw: { handlers: [...handlers, ...identityHandlers()] } });
/** A named scenario's handlers (libs/mocks imageEditingScenarios), as QA picks them. */
const scenario = (id: string) => {
  const found = imageEditingScenarios.find((s) => s.id === id);
  if (!found) throw new Error(`no image editing scenario ${id}`);
  return mocks(found.handlers());
};

const meta = {
  title: 'CMS/Image editor',
  component: ImagesEditorAt,
  parameters: { layout: 'fullscreen', ...mocks(imageEditingHandlers({ store })) },
  beforeEach: () => {
    const fresh = createImageEditingStore();
    store.rows = fresh.rows;
    store.files.clear();
    store.audit = [];
    getSessionClient().setSession(buildStaffSession(AN_EDITOR));
    return signOutQuietly;
  },
} satisfies Meta<typeof ImagesEditorAt>;

export default meta;
type Story = StoryObj<typeof meta>;

const heroList = (canvasElement: HTMLElement) => within(canvasElement).findByRole('list', { name: /^Hero carousel/ });
const backgroundList = (canvasElement: HTMLElement) => within(canvasElement).findByRole('list', { name: /^Background images/ });
const heroUpload = (canvasElement: HTMLElement) => within(canvasElement).getByRole('form', { name: 'Add an image to the hero carousel' });

/** A real PNG (960 × 640, the brand's colours in stripes), drawn here so the preview shows it. */
async function drawnPhoto(): Promise<File> {
  const canvas = document.createElement('canvas');
  canvas.width = 960;
  canvas.height = 640;
  const context = canvas.getContext('2d')!;
  ['#f26680', '#9be62e', '#ff7519', '#b30000', '#6f2ee6', '#00bfff', '#7aab7a'].forEach((colour, i) => {
    context.fillStyle = colour;
    context.fillRect(i * 140, 0, 140, 640);
  });
  const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), 'image/png'));
  return new File([blob], 'stripes.png', { type: 'image/png' });
}

/** Home: the hero carousel and the background images (one a draft), with their upload forms. */
export const List: Story = {
  play: async ({ canvasElement }) => {
    const hero = await heroList(canvasElement);
    expect(within(hero).getAllByRole('listitem')).toHaveLength(4);
    const background = await backgroundList(canvasElement);
    expect(within(background).getByRole('button', { name: `Publish: ${MOCK_DRAFT_IMAGE_ALT}` })).toBeInTheDocument();
  },
};

/** Uploading a photo into the hero carousel (a draft at the end, focused, previewed from its files), then publishing it. */
export const UploadAndPublish: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await heroList(canvasElement);
    const form = within(heroUpload(canvasElement));
    await userEvent.upload(form.getByLabelText(/Image file/), await drawnPhoto());
    await userEvent.type(form.getByRole('textbox', { name: /Alt text/ }), 'Stripes in every section colour');
    await userEvent.click(form.getByRole('button', { name: 'Upload image' }));
    const heading = await within(await heroList(canvasElement)).findByRole('heading', { level: 3, name: /Stripes in every section colour$/ });
    await waitFor(() => expect(heading).toHaveFocus());
    const card = heading.closest('li')!;
    // The preview loads the uploaded bytes from the mocks' media files.
    await waitFor(() => expect(card.querySelector('img')?.naturalWidth).toBeGreaterThan(0));
    await userEvent.click(within(card).getByRole('button', { name: 'Publish: Stripes in every section colour' }));
    await waitFor(() => expect(canvas.getByRole('status')).toHaveTextContent('“Stripes in every section colour” is published: visitors see it now.'));
    expect(store.carouselRows('home', 'hero').at(-1)).toMatchObject({ published: true, uploaded: true });
  },
};

/** A file that is not a JPEG, PNG, WebP or AVIF by its bytes is refused before it is sent. */
export const TypeRefused: Story = {
  play: async ({ canvasElement }) => {
    await heroList(canvasElement);
    const form = within(heroUpload(canvasElement));
    const field = form.getByLabelText(/Image file/);
    await userEvent.upload(field, new File(['GIF89a, not a photo we take'], 'animation.png', { type: 'image/png' }));
    await waitFor(() => expect(field).toHaveAccessibleDescription(expect.stringContaining(IMAGE_ERROR_MESSAGES.image_type_unsupported)));
  },
};

/** Alt text is required: the upload says so before sending. */
export const AltRequired: Story = {
  play: async ({ canvasElement }) => {
    await heroList(canvasElement);
    const form = within(heroUpload(canvasElement));
    await userEvent.upload(form.getByLabelText(/Image file/), await drawnPhoto());
    await userEvent.click(form.getByRole('button', { name: 'Upload image' }));
    await waitFor(() => expect(form.getByRole('textbox', { name: /Alt text/ })).toHaveAccessibleDescription(expect.stringContaining(IMAGE_ALT_REQUIRED)));
  },
};

/** Editing an image's details: the overlay drawn over the preview as it changes; Save comes on. */
export const EditDetails: Story = {
  play: async ({ canvasElement }) => {
    const hero = await heroList(canvasElement);
    const card = within(hero).getAllByRole('listitem')[1];
    const slider = within(card).getByRole('slider', { name: 'Overlay strength' });
    fireEvent.change(slider, { target: { value: '0.8' } });
    await waitFor(() => expect(card.querySelector<HTMLElement>('.cms-images__overlay')?.style.opacity).toBe('0.8'));
    expect(within(card).getByRole('button', { name: /^Save:/ })).toBeEnabled();
  },
};

/** Someone else changed the image first: the write is refused in the contract's words, with a reload. (content:image-edit-conflict) */
export const Conflict: Story = {
  parameters: scenario('content:image-edit-conflict'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await backgroundList(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: `Publish: ${MOCK_DRAFT_IMAGE_ALT}` }));
    const notice = await canvas.findByText(/Changed by someone else/);
    expect(notice.closest('[role="alert"]')).toHaveTextContent(IMAGE_ERROR_MESSAGES.edit_conflict);
    expect(canvas.getByRole('button', { name: 'Reload the images' })).toBeInTheDocument();
  },
};

/** Deleting asks first. */
export const ConfirmDelete: Story = {
  play: async ({ canvasElement }) => {
    const background = await backgroundList(canvasElement);
    await userEvent.click(within(background).getByRole('button', { name: `Delete: ${MOCK_DRAFT_IMAGE_ALT}` }));
    await within(canvasElement.ownerDocument.body).findByRole('dialog', { name: 'Delete this image?' });
  },
};

/** Moving the first hero image down from the keyboard (announced; focus stays on the button). */
export const MoveWithKeyboard: Story = {
  play: async ({ canvasElement }) => {
    const hero = await heroList(canvasElement);
    const down = within(hero).getAllByRole('button', { name: /^Move down:/ })[0];
    down.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(within(canvasElement).getByRole('status')).toHaveTextContent('moved down to position 2 of 4 in the hero carousel'));
    await waitFor(() => expect(within(hero).getAllByRole('button', { name: /^Move down:/ })[1]).toHaveFocus());
  },
};

/** Dragging the last hero image onto the first with the browser's own drag events puts it first. */
export const DragToReorder: Story = {
  play: async ({ canvasElement }) => {
    const hero = await heroList(canvasElement);
    const items = () => within(hero).getAllByRole('listitem');
    const last = store.carouselRows('home', 'hero').at(-1)!;
    const from = items().at(-1)!;
    const to = items()[0];
    const dataTransfer = new DataTransfer();
    const fire = (target: Element, type: string) => target.dispatchEvent(new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer }));
    fire(from, 'dragstart');
    await waitFor(() => expect(from).toHaveClass('is-dragging'));
    fire(to, 'dragover');
    fire(to, 'drop');
    fire(from, 'dragend');
    await waitFor(() => expect(store.carouselRows('home', 'hero')[0].id).toBe(last.id));
  },
};

/** No image in any carousel yet. (content:images-empty) */
export const Empty: Story = {
  parameters: scenario('content:images-empty'),
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText(/No images in the hero carousel yet/);
  },
};

/** Uploads fail: the service's words in an alert. (content:image-upload-fails) */
export const UploadFails: Story = {
  parameters: scenario('content:image-upload-fails'),
  play: async ({ canvasElement }) => {
    await heroList(canvasElement);
    const form = within(heroUpload(canvasElement));
    await userEvent.upload(form.getByLabelText(/Image file/), await drawnPhoto());
    await userEvent.type(form.getByRole('textbox', { name: /Alt text/ }), 'Stripes');
    await userEvent.click(form.getByRole('button', { name: 'Upload image' }));
    expect(await form.findByRole('alert')).toHaveTextContent(IMAGE_ERROR_MESSAGES.storage_unavailable);
  },
};

/** Every change fails (content:image-save-fails): the failure in words. */
export const SaveFails: Story = {
  parameters: scenario('content:image-save-fails'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await backgroundList(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: `Publish: ${MOCK_DRAFT_IMAGE_ALT}` }));
    await waitFor(() => expect(canvas.getByText(/Not published\./)).toBeInTheDocument());
  },
};

/** The list cannot be read: Try again. */
export const LoadFails: Story = {
  parameters: mocks(imageEditingHandlers({ failures: { listImageEditorRows: 500 } })),
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText(/The images could not be loaded/);
  },
};

/** Signed in without the role the service asks for. */
export const NoPermission: Story = {
  parameters: mocks(imageEditingHandlers({ failures: { listImageEditorRows: { status: 403, code: 'forbidden', message: 'You do not have permission to do this.' } } })),
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText(/You do not have permission to edit images/);
  },
};

/** Waiting for the list. */
export const Loading: Story = {
  parameters: mocks(imageEditingHandlers({ delayMs: 'infinite' })),
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('Loading the images');
  },
};

/** Another page (background images only), one with a very long alt text. */
export const LongText: Story = {
  args: { page: 'cafe' },
  parameters: mocks(
    imageEditingHandlers({
      store: createImageEditingStore([
        ...createImageEditingStore().rows.filter((r) => r.page === 'cafe'),
        buildImageEditorRow({
          id: mockImageId(0xabc),
          page: 'cafe',
          carousel_name: 'background',
          sort_order: 999,
          published: false,
          image_url: '/images/cafe-2',
          metadata: { type: 'light', overlay: 0.55, alt: `A very long description of ${'croissants, cups and morning light, '.repeat(7)}on pale paper` },
        }),
      ]),
    }),
  ),
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole('list', { name: /^Background images/ });
    expect(within(canvasElement).queryByRole('list', { name: /^Hero carousel/ })).not.toBeInTheDocument();
  },
};

/** On a phone: the preview above the fields. */
export const Mobile: Story = {
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  play: async ({ canvasElement }) => {
    await heroList(canvasElement);
  },
};
