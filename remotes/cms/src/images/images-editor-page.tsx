import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import {
  HERO_CAROUSEL,
  BACKGROUND_CAROUSEL,
  IMAGE_ASPECT,
  IMAGE_POSITIONS,
  IMAGE_TONES,
  IMAGE_UPLOAD_MAX_BYTES,
  IMAGE_UPLOAD_MIN_WIDTH,
  PAGE_KEYS,
  type ImageEditorRow,
  type ImagePosition,
  type ImageTone,
  type PageKey,
  type UpdateImageRequest,
} from '@croft/contracts';
import { useQueryClient } from '@croft/query';
import { Link, useNavigate, useParams } from '@croft/router';
import { Button, PageFrame, Picture, Spinner, textSchemeFor, useToast, VisuallyHidden } from '@croft/ui';
import { ConfirmDialog } from '@croft/ui/confirm-dialog';
import { FileField, RangeField, Select, TextField } from '@croft/ui/forms';
import { errorCode, errorMessage } from '../staff/api/staff-client';
import { useStaffSession } from '../staff/session';
import { PAGE_LABELS } from '../review/text-labels';
import { MoveButtons } from '../editing/reorder/move-buttons';
import { useReorderableList, type ReorderableList } from '../editing/reorder/use-reorderable-list';
import { imageEditing, imageEditorKeys, useImageEditorRows, useUploadImage } from './api/image-editing';
import { UPLOAD_ACCEPT, altProblem, carouselRows, carouselsOf, imageErrorMessage, previewImageId, uploadFileProblem } from './image-checks';
import '../staff/guard/staff-guard.css';
import './images-editor-page.css';

export const IMAGES_EDITOR_TITLE = 'Image editor';

/** The site's pages as editors name them (the same names as the FAQ editor, the review panel and the /cms home). */
export const IMAGE_PAGE_LABELS: Record<PageKey, string> = PAGE_LABELS;

const isPageKey = (value: string | undefined): value is PageKey => (PAGE_KEYS as readonly string[]).includes(value ?? '');

/** How a carousel is named on screen: its heading, and the upload form's. */
export function carouselLabel(carousel: string): { title: string; add: string; noun: string } {
  if (carousel === HERO_CAROUSEL) return { title: 'Hero carousel', add: 'Add an image to the hero carousel', noun: 'the hero carousel' };
  if (carousel === BACKGROUND_CAROUSEL) return { title: 'Background images', add: 'Add a background image', noun: 'the background images' };
  const words = carousel.replace(/-/g, ' ');
  return { title: `Carousel “${words}”`, add: `Add an image to the “${words}” carousel`, noun: `the “${words}” carousel` };
}

const TONE_LABELS: Record<ImageTone, string> = {
  dark: 'Dark',
  warm: 'Warm',
  mixed: 'Mixed',
  light: 'Light',
  industrial: 'Industrial',
};
const TONE_OPTIONS = IMAGE_TONES.map((tone) => ({ value: tone, label: TONE_LABELS[tone] }));

const POSITION_LABELS: Record<ImagePosition, string> = {
  center: 'Centre',
  'center top': 'Centre, top',
  'center bottom': 'Centre, bottom',
  'left center': 'Left, middle',
  'right center': 'Right, middle',
  'left top': 'Left, top',
  'right top': 'Right, top',
  'left bottom': 'Left, bottom',
  'right bottom': 'Right, bottom',
};
const SIZE_OPTIONS = [
  { value: 'cover', label: 'Fill the frame (the edges may be cut off)' },
  { value: 'contain', label: 'Show the whole image (bands may show beside it)' },
];
const DEFAULT_OVERLAY = 0.4;
const percent = (value: number) => `${Math.round(value * 100)}%`;
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** A row's name on buttons and in announcements: its alt text. */
const nameOf = (row: ImageEditorRow) => row.metadata.alt?.trim() || 'Image without alt text';

interface Problem {
  title: string;
  message: string;
  /** A 409 or a vanished row: offer to read the list again. */
  reload?: boolean;
}

/** What to focus once the list shows a change. */
type FocusTarget = { id: string; on: 'heading' | 'publish' } | { section: string };

// ---------------------------------------------------------------------------------------------
// One image's metadata, edited on its card.

interface Metadata {
  alt: string;
  type: ImageTone;
  overlay: number;
  position: string;
  size: 'cover' | 'contain';
}

function metadataOf(row: ImageEditorRow): Metadata {
  return {
    alt: row.metadata.alt ?? '',
    type: row.metadata.type,
    overlay: row.metadata.overlay ?? DEFAULT_OVERLAY,
    position: row.metadata.backgroundPosition ?? 'center',
    size: row.metadata.backgroundSize ?? 'cover',
  };
}

const round = (value: number) => Math.round(value * 100) / 100;

/** The fields that differ from the row (alt trimmed), as the update request names them. */
function changesOf(row: ImageEditorRow, draft: Metadata): Omit<UpdateImageRequest, 'version'> {
  const saved = metadataOf(row);
  const changes: Omit<UpdateImageRequest, 'version'> = {};
  if (draft.alt.trim() !== saved.alt) changes.alt = draft.alt.trim();
  if (draft.type !== saved.type) changes.type = draft.type;
  if (round(draft.overlay) !== round(saved.overlay)) changes.overlay = round(draft.overlay);
  if (draft.position !== saved.position) changes.backgroundPosition = draft.position as ImagePosition;
  if (draft.size !== saved.size) changes.backgroundSize = draft.size;
  return changes;
}

const sameMetadata = (a: Metadata, b: Metadata) =>
  a.alt === b.alt && a.type === b.type && round(a.overlay) === round(b.overlay) && a.position === b.position && a.size === b.size;

/** The thumbnail with the overlay laid over it as the site lays it, following the form as it changes. */
function Preview({ row, values }: { row: ImageEditorRow; values: Pick<Metadata, 'overlay' | 'position' | 'size'> }) {
  const imageId = previewImageId(row);
  return (
    <div className="cms-images__preview">
      {imageId.trim() === '' ? (
        <span className="cms-images__missing">No image file</span>
      ) : (
        <Picture
          imageId={imageId}
          alt=""
          sizes="(max-width: 40rem) 100vw, 16rem"
          width={IMAGE_ASPECT.width}
          height={IMAGE_ASPECT.height}
          fit={values.size}
          position={values.position}
          className="cms-images__thumb"
        />
      )}
      <span className="cms-images__overlay" style={{ opacity: values.overlay }} aria-hidden="true" />
    </div>
  );
}

interface ImageCardProps {
  row: ImageEditorRow;
  index: number;
  count: number;
  order: ReorderableList<ImageEditorRow>;
  publishing: boolean;
  onSave: (row: ImageEditorRow, changes: Omit<UpdateImageRequest, 'version'>) => Promise<boolean>;
  onTogglePublished: (row: ImageEditorRow) => void;
  onDelete: (row: ImageEditorRow) => void;
}

function ImageCard({ row, index, count, order, publishing, onSave, onTogglePublished, onDelete }: ImageCardProps) {
  const [draft, setDraft] = useState<Metadata>(() => metadataOf(row));
  const [base, setBase] = useState(row);
  const [altError, setAltError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const altInput = useRef<HTMLInputElement>(null);
  const headingId = useId();
  // The row changed under the card (saved, published, reordered): an untouched or just-saved form
  // follows it; changes still being made are kept.
  if (base !== row) {
    if (sameMetadata(draft, metadataOf(base)) || Object.keys(changesOf(row, draft)).length === 0) setDraft(metadataOf(row));
    setBase(row);
  }
  const changes = changesOf(row, draft);
  const unchanged = Object.keys(changes).length === 0;
  const name = nameOf(row);
  const scheme = textSchemeFor(draft.type, draft.overlay) === 'on-dark' ? 'white' : 'black';
  const positions = (IMAGE_POSITIONS as readonly string[]).includes(draft.position) ? IMAGE_POSITIONS : [...IMAGE_POSITIONS, draft.position];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving || unchanged) return;
    const problem = altProblem(draft.alt);
    if (problem) {
      setAltError(problem);
      altInput.current?.focus();
      return;
    }
    setSaving(true);
    await onSave(row, changes);
    setSaving(false);
  };

  return (
    <li {...order.itemProps(row, index, { className: 'cms-images__card' })}>
      <div className="cms-images__card-head">
        <span className="cms-images__handle" aria-hidden="true" title="Drag to reorder">
          ⠿
        </span>
        <span className="cms-images__position" aria-hidden="true">
          {index + 1}
        </span>
        <h3 id={headingId} className="cms-images__name" tabIndex={-1} data-focus="heading">
          <VisuallyHidden>{`Image ${index + 1} of ${count}: `}</VisuallyHidden>
          {name}
        </h3>
        <span className={`cms-images__badge${row.published ? ' is-published' : ''}`}>{row.published ? 'Published' : 'Draft'}</span>
      </div>
      <div className="cms-images__card-body">
        <Preview row={row} values={draft} />
        {/* Not a named form: a landmark per card would crowd the page's landmarks (the heading names the card). */}
        <form className="cms-images__fields" onSubmit={(e) => void submit(e)} noValidate>
          {row.published && <p className="cms-images__hint">This image is published: saving changes what visitors see straight away.</p>}
          <TextField
            ref={altInput}
            label="Alt text"
            name="alt"
            autoComplete="off"
            hint="What the image shows, for people who cannot see it."
            value={draft.alt}
            onChange={(e) => {
              setDraft({ ...draft, alt: e.target.value });
              // Said at once when it is emptied; other problems when saving.
              setAltError(e.target.value.trim() ? null : altProblem(e.target.value));
            }}
            error={altError ?? undefined}
            required
          />
          <div className="cms-images__row">
            <Select label="Tone" name="type" value={draft.type} options={TONE_OPTIONS} onChange={(e) => setDraft({ ...draft, type: e.target.value as ImageTone })} />
            <Select
              label="Position"
              name="position"
              value={draft.position}
              options={positions.map((p) => ({ value: p, label: POSITION_LABELS[p as ImagePosition] ?? p }))}
              onChange={(e) => setDraft({ ...draft, position: e.target.value })}
            />
          </div>
          <RangeField
            label="Overlay strength"
            name="overlay"
            min={0}
            max={1}
            step={0.05}
            value={draft.overlay}
            formatValue={percent}
            hint={`The dark layer over the image, so text on it can be read. Text over it shows in ${scheme}.`}
            onChange={(e) => setDraft({ ...draft, overlay: Number(e.target.value) })}
          />
          <Select
            label="Size"
            name="size"
            value={draft.size}
            options={SIZE_OPTIONS}
            onChange={(e) => setDraft({ ...draft, size: e.target.value as Metadata['size'] })}
          />
          <span className="cms-images__actions">
            <Button type="submit" size="sm" disabled={unchanged} loading={saving} loadingLabel="Saving" aria-label={`Save: ${name}`}>
              Save
            </Button>
            {!unchanged && (
              <Button type="button" size="sm" variant="ghost" onClick={() => setDraft(metadataOf(row))} aria-label={`Undo changes: ${name}`}>
                Undo changes
              </Button>
            )}
          </span>
        </form>
      </div>
      <span className="cms-images__actions cms-images__card-actions">
        <Button
          size="sm"
          variant={row.published ? 'secondary' : 'primary'}
          data-action="publish"
          aria-label={`${row.published ? 'Unpublish' : 'Publish'}: ${name}`}
          loading={publishing}
          loadingLabel={row.published ? 'Unpublishing' : 'Publishing'}
          onClick={() => onTogglePublished(row)}
        >
          {row.published ? 'Unpublish' : 'Publish'}
        </Button>
        <MoveButtons label={name} {...order.moveButtons(row, index)} />
        <Button size="sm" variant="ghost" data-action="delete" aria-label={`Delete: ${name}`} onClick={() => onDelete(row)}>
          Delete
        </Button>
      </span>
    </li>
  );
}

// ---------------------------------------------------------------------------------------------
// The upload form under each carousel.

function UploadForm({
  userId,
  page,
  carousel,
  onUploaded,
}: {
  userId: string;
  page: PageKey;
  carousel: string;
  onUploaded: (row: ImageEditorRow) => void;
}) {
  const labels = carouselLabel(carousel);
  const titleId = useId();
  const upload = useUploadImage(userId);
  const [file, setFile] = useState<File | null>(null);
  const [alt, setAlt] = useState('');
  const [tone, setTone] = useState<ImageTone>('dark');
  const [errors, setErrors] = useState<{ file?: string; alt?: string }>({});
  const [failed, setFailed] = useState<string | null>(null);
  const form = useRef<HTMLFormElement>(null);

  const choose = async (chosen: File | null) => {
    setFile(chosen);
    setFailed(null);
    const problem = chosen ? await uploadFileProblem(chosen) : null;
    setErrors((current) => ({ ...current, file: problem ?? undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (upload.isPending) return;
    setFailed(null);
    const refused = { file: (await uploadFileProblem(file)) ?? undefined, alt: altProblem(alt) ?? undefined };
    if (refused.file || refused.alt) {
      setErrors(refused);
      form.current?.querySelector<HTMLElement>(refused.file ? '[name="file"]' : '[name="alt"]')?.focus();
      return;
    }
    setErrors({});
    try {
      const row = await upload.mutateAsync({ page, carousel, fields: { alt: alt.trim(), type: tone }, file: file! });
      form.current?.reset();
      setFile(null);
      setAlt('');
      setTone('dark');
      onUploaded(row);
    } catch (error) {
      setFailed(imageErrorMessage(error));
    }
  };

  return (
    <form ref={form} className="cms-images__upload" onSubmit={(e) => void submit(e)} noValidate aria-labelledby={titleId}>
      <h3 id={titleId}>{labels.add}</h3>
      <p className="cms-images__hint">New images are drafts at the end of the list: visitors see them once you publish them.</p>
      <FileField
        label="Image file"
        name="file"
        accept={UPLOAD_ACCEPT}
        hint={`A JPEG, PNG, WebP or AVIF photo, at most ${IMAGE_UPLOAD_MAX_BYTES / (1024 * 1024)} MB and at least ${IMAGE_UPLOAD_MIN_WIDTH} pixels wide.`}
        onChange={(e) => void choose(e.target.files?.[0] ?? null)}
        error={errors.file}
        required
      />
      <TextField
        label="Alt text"
        name="alt"
        autoComplete="off"
        hint="What the image shows, for people who cannot see it."
        value={alt}
        onChange={(e) => {
          setAlt(e.target.value);
          setErrors((current) => ({ ...current, alt: undefined }));
          setFailed(null);
        }}
        error={errors.alt}
        required
      />
      <Select
        label="Tone"
        name="type"
        hint="How light or dark the image is: the site picks the text colour over it from this."
        value={tone}
        options={TONE_OPTIONS}
        onChange={(e) => setTone(e.target.value as ImageTone)}
      />
      {failed && (
        <p role="alert" className="cms-images__form-error">
          {failed}
        </p>
      )}
      <Button type="submit" loading={upload.isPending} loadingLabel="Uploading the image">
        Upload image
      </Button>
    </form>
  );
}

// ---------------------------------------------------------------------------------------------
// One carousel: its images in order and the upload form.

interface CarouselSectionProps {
  userId: string;
  page: PageKey;
  carousel: string;
  rows: ImageEditorRow[];
  announce: (text: string) => void;
  onProblem: (title: string, error: unknown) => void;
  onDelete: (row: ImageEditorRow) => void;
  focus: FocusTarget | null;
  setFocus: (target: FocusTarget | null) => void;
}

function CarouselSection({ userId, page, carousel, rows: stored, announce, onProblem, onDelete, focus, setFocus }: CarouselSectionProps) {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const key = imageEditorKeys.page(userId, page);
  const labels = carouselLabel(carousel);
  const titleId = `cms-images-${carousel}-title`;
  const section = useRef<HTMLElement>(null);
  const [publishingId, setPublishingId] = useState<string | null>(null);

  const order = useReorderableList<ImageEditorRow>({
    items: stored,
    getId: (row) => row.id,
    resetKey: `${page}/${carousel}`,
    save: (ids) => imageEditing.reorder(page, carousel, ids),
    onSaved: (items) =>
      queryClient.setQueryData<ImageEditorRow[]>(key, (current) => [...(current ?? []).filter((r) => r.carousel_name !== carousel), ...items]),
    onError: async (error) => {
      onProblem('Order not saved', error);
      await queryClient.invalidateQueries({ queryKey: key });
    },
    describeMove: (row, { to, count, direction }) => `“${nameOf(row)}” moved ${direction} to position ${to + 1} of ${count} in ${labels.noun}.`,
    announce,
  });
  const rows = order.rows;
  const drafts = rows.filter((r) => !r.published).length;

  // Focus follows a change once it is drawn: a new or saved image's heading, a publish button, the section.
  useEffect(() => {
    if (!focus || !section.current) return;
    let element: HTMLElement | null = null;
    if ('section' in focus) element = focus.section === carousel ? section.current.querySelector<HTMLElement>(`#${titleId}`) : null;
    else
      element = section.current.querySelector<HTMLElement>(
        focus.on === 'heading' ? `[data-reorder-id="${focus.id}"] [data-focus="heading"]` : `[data-reorder-id="${focus.id}"] [data-action="publish"]`,
      );
    if (element) {
      element.focus();
      setFocus(null);
    }
  }, [focus, stored, carousel, titleId, setFocus]);

  const replaceRow = (row: ImageEditorRow) =>
    queryClient.setQueryData<ImageEditorRow[]>(key, (current) => current?.map((r) => (r.id === row.id ? row : r)));

  const save = async (row: ImageEditorRow, changes: Omit<UpdateImageRequest, 'version'>): Promise<boolean> => {
    try {
      const saved = await imageEditing.update(row.id, { ...changes, version: row.version } as UpdateImageRequest);
      replaceRow(saved);
      setFocus({ id: row.id, on: 'heading' });
      const text = `“${nameOf(saved)}” saved.${saved.published ? ' Visitors see the change now.' : ''}`;
      toast({ title: 'Image saved', description: saved.published ? 'Visitors see the change now.' : 'It is still a draft.' });
      announce(text);
      return true;
    } catch (error) {
      onProblem('Not saved', error);
      return false;
    }
  };

  const togglePublished = async (row: ImageEditorRow) => {
    setPublishingId(row.id);
    try {
      const saved = await imageEditing.setPublished(row, !row.published);
      replaceRow(saved);
      setFocus({ id: row.id, on: 'publish' });
      const text = saved.published ? `“${nameOf(saved)}” is published: visitors see it now.` : `“${nameOf(saved)}” is unpublished: only editors see it.`;
      toast({ title: saved.published ? 'Image published' : 'Image unpublished', description: text });
      announce(text);
    } catch (error) {
      onProblem(row.published ? 'Not unpublished' : 'Not published', error);
    } finally {
      setPublishingId(null);
    }
  };

  const uploaded = (row: ImageEditorRow) => {
    const now = carouselRows(queryClient.getQueryData<ImageEditorRow[]>(key) ?? [], carousel);
    setFocus({ id: row.id, on: 'heading' });
    toast({ title: 'Image uploaded', description: 'It is a draft at the end of the list: publish it when it is ready.' });
    announce(`“${nameOf(row)}” uploaded as a draft at position ${now.findIndex((r) => r.id === row.id) + 1} of ${now.length} in ${labels.noun}.`);
  };

  return (
    <section ref={section} aria-labelledby={titleId} className="cms-images__section">
      <h2 id={titleId} tabIndex={-1}>
        {labels.title}{' '}
        <span className="cms-images__count">
          ({plural(rows.length, 'image', 'images')}
          {drafts > 0 ? `, ${plural(drafts, 'draft', 'drafts')}` : ''})
        </span>
      </h2>
      {rows.length === 0 ? (
        <p className="cms-images__empty">
          No images in {labels.noun} yet. Visitors see the site’s own artwork there until you upload and publish one.
        </p>
      ) : (
        <>
          <p className="cms-images__hint">Drag an image by its handle, or use Move up and Move down, to change the order visitors see.</p>
          <ol className="cms-images__list" aria-labelledby={titleId} ref={order.listRef}>
            {rows.map((row, index) => (
              <ImageCard
                key={row.id}
                row={row}
                index={index}
                count={rows.length}
                order={order}
                publishing={publishingId === row.id}
                onSave={save}
                onTogglePublished={(r) => void togglePublished(r)}
                onDelete={onDelete}
              />
            ))}
          </ol>
        </>
      )}
      <UploadForm userId={userId} page={page} carousel={carousel} onUploaded={uploaded} />
    </section>
  );
}

// ---------------------------------------------------------------------------------------------

/** The list could not be read because of who is signed in: say so rather than offer a retry. */
function accessProblem(error: unknown): string | null {
  const code = errorCode(error);
  if (code === 'forbidden') return 'You do not have permission to edit images: it needs the editor or admin role. Ask an admin to grant it.';
  if (code === 'aal2_required') return 'Editing images needs your authenticator app: sign in again and enter its code.';
  if (code === 'not_authenticated' || code === 'invalid_token' || code === 'not_signed_in') return 'Your session has ended: sign in again to edit images.';
  return null;
}

/**
 * /cms/images/:page (editors and admins): a page's carousel and background images, drafts
 * included. Per carousel (home's hero, every page's background), the images in order, each with
 * its preview (the overlay drawn over it as it changes), Published or Draft, alt text (required),
 * tone, overlay strength, position and size (Save), Publish / Unpublish, Delete after a
 * confirmation, and reorder by dragging or Move up / Move down; then an upload form (checked in the
 * browser first; the service decides). Every write names the version the editor saw: when someone
 * else changed the image meanwhile, the page says so with a Reload button.
 */
export function ImagesEditorPage() {
  const params = useParams();
  const navigate = useNavigate();
  const requested = params.page;
  const page: PageKey = isPageKey(requested) ? requested : 'home';
  const pageLabel = IMAGE_PAGE_LABELS[page];
  const state = useStaffSession();
  const userId = state.status === 'signed-in' ? state.session.user.id : 'signed-out';
  const list = useImageEditorRows(userId, page);
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const [problem, setProblem] = useState<Problem | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [deleting, setDeleting] = useState<ImageEditorRow | null>(null);
  const [focus, setFocus] = useState<FocusTarget | null>(null);
  /** Bumped by a reload: every card starts again from what the service has. */
  const [generation, setGeneration] = useState(0);
  const key = imageEditorKeys.page(userId, page);

  // A new page: nothing carried over from the last one.
  useEffect(() => {
    setProblem(null);
    setFocus(null);
  }, [page]);

  const announce = (text: string) => setAnnouncement((current) => (current === text ? `${text}\u00a0` : text));
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });

  /** A failed write in words; a conflict or a vanished image offers a reload. */
  const failed = (title: string, error: unknown) => {
    const code = errorCode(error);
    const stale = code === 'edit_conflict' || code === 'image_not_found' || code === 'image_order_mismatch';
    setProblem({ title: code === 'edit_conflict' ? 'Changed by someone else' : title, message: imageErrorMessage(error), reload: stale });
  };

  const remove = async (row: ImageEditorRow) => {
    try {
      await imageEditing.remove(row);
    } catch (error) {
      // A stale or vanished image: close the dialog and say why on the page, with a reload.
      const code = errorCode(error);
      if (code === 'edit_conflict' || code === 'image_not_found') {
        setDeleting(null);
        failed('Not deleted', error);
        return;
      }
      throw new Error(imageErrorMessage(error));
    }
    queryClient.setQueryData<ImageEditorRow[]>(key, (current) => current?.filter((r) => r.id !== row.id));
    setFocus({ section: row.carousel_name });
    toast({ title: 'Image deleted', description: `“${nameOf(row)}” is gone, with its files.` });
    announce(`“${nameOf(row)}” deleted.`);
  };

  const reload = async () => {
    setProblem(null);
    await refresh();
    setGeneration((n) => n + 1);
    announce('The images have been read again.');
  };

  const rows = list.data ?? [];
  const noAccess = list.isError ? accessProblem(list.error) : null;

  return (
    <PageFrame
      title={IMAGES_EDITOR_TITLE}
      section="home"
      eyebrow={
        <Link to="/cms" className="cms-staff-link">
          Content management
        </Link>
      }
      intro="The carousel and background images of each page. Drafts are seen only here; visitors see the published images, in this order."
    >
      <div className="cms-images">
        <div className="cms-images__bar">
          <Select
            label="Page"
            name="page"
            wrapperClassName="cms-images__picker"
            value={page}
            options={PAGE_KEYS.map((p) => ({ value: p, label: IMAGE_PAGE_LABELS[p] }))}
            onChange={(e) => navigate(`/cms/images/${e.target.value}`)}
          />
          <Link to={`/cms/faq/${page}`} className="cms-staff-link">
            FAQ on {pageLabel}
          </Link>
        </div>
        {requested !== undefined && !isPageKey(requested) && (
          <p className="cms-staff-notice" role="note">
            There is no page called “{requested}”: showing Home.
          </p>
        )}
        <p role="status" className="cms-images__status">
          <VisuallyHidden>{announcement}</VisuallyHidden>
        </p>
        {problem && (
          <div role="alert" className="cms-staff-notice cms-images__problem">
            <p>
              <strong>{problem.title}.</strong> {problem.message}
            </p>
            {problem.reload && (
              <Button size="sm" onClick={() => void reload()}>
                Reload the images
              </Button>
            )}
          </div>
        )}
        {list.isPending ? (
          <Spinner label="Loading the images" />
        ) : noAccess ? (
          <div role="alert" className="cms-staff-notice cms-images__problem">
            <p>
              <strong>Not authorised.</strong> {noAccess}
            </p>
            <Link to="/cms/login" className="cms-staff-link">
              Sign in as someone else
            </Link>
          </div>
        ) : list.isError ? (
          <div role="alert" className="cms-staff-notice cms-images__problem">
            <p>The images could not be loaded: {errorMessage(list.error)}</p>
            <Button onClick={() => void list.refetch()} loading={list.isFetching} loadingLabel="Trying again">
              Try again
            </Button>
          </div>
        ) : (
          carouselsOf(page, rows).map((carousel) => (
            <CarouselSection
              key={`${page}/${carousel}/${generation}`}
              userId={userId}
              page={page}
              carousel={carousel}
              rows={carouselRows(rows, carousel)}
              announce={announce}
              onProblem={(title, error) => failed(title, error)}
              onDelete={setDeleting}
              focus={deleting ? null : focus}
              setFocus={setFocus}
            />
          ))
        )}
      </div>
      <ConfirmDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        onConfirm={() => (deleting ? remove(deleting) : undefined)}
        title="Delete this image?"
        message={
          deleting ? (
            <>
              “{nameOf(deleting)}” will be removed from {carouselLabel(deleting.carousel_name).noun} on {pageLabel}
              {deleting.published ? ' and visitors will no longer see it' : ''}
              {deleting.uploaded ? ', with its uploaded files' : ''}. This cannot be undone.
            </>
          ) : null
        }
        confirmLabel="Delete image"
        destructive
      />
    </PageFrame>
  );
}

export default ImagesEditorPage;
