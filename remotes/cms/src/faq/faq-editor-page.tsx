import { useEffect, useRef, useState, type FormEvent } from 'react';
import * as z from 'zod/mini';
import {
  FAQ_ANSWER_MAX,
  FAQ_QUESTION_MAX,
  PAGE_KEYS,
  faqAnswerSchema,
  faqQuestionSchema,
  type FaqEditorRow,
  type PageKey,
} from '@croft/contracts';
import { useQueryClient } from '@croft/query';
import { Link, useNavigate, useParams } from '@croft/router';
import { Button, PageFrame, Spinner, useToast, VisuallyHidden } from '@croft/ui';
import { ConfirmDialog } from '@croft/ui/confirm-dialog';
import { Select, TextArea, TextField } from '@croft/ui/forms';
import { errorCode, errorMessage } from '../staff/api/staff-client';
import { useStaffSession } from '../staff/session';
import { faqEditing, faqEditorKeys, useFaqEditorRows } from './api/faq-editing';
import { PAGE_LABELS } from '../review/text-labels';
import { MoveButtons } from '../editing/reorder/move-buttons';
import { useReorderableList } from '../editing/reorder/use-reorderable-list';
import '../staff/guard/staff-guard.css';
import './faq-editor-page.css';

export const FAQ_EDITOR_TITLE = 'FAQ editor';

/** The site's pages as editors name them (the same names as the review panel and the /cms home). */
export const FAQ_PAGE_LABELS: Record<PageKey, string> = PAGE_LABELS;

const isPageKey = (value: string | undefined): value is PageKey => (PAGE_KEYS as readonly string[]).includes(value ?? '');

/** What the contract says about a question or answer, as a sentence, or null when it is fine. */
export function faqTextProblem(field: 'question' | 'answer', value: string): string | null {
  const result = z.safeParse(field === 'question' ? faqQuestionSchema : faqAnswerSchema, value);
  if (result.success) return null;
  return `The ${field} ${result.error.issues[0]?.message ?? 'is not valid'}.`;
}

interface Problem {
  title: string;
  message: string;
  /** A 409 or a vanished row: offer to read the list again. */
  reload?: boolean;
}

type Action = 'edit' | 'publish';

interface Draft {
  question: string;
  answer: string;
}

function QuestionFields({
  idPrefix,
  value,
  onChange,
  errors,
}: {
  idPrefix: string;
  value: Draft;
  onChange: (next: Draft) => void;
  errors: { question?: string; answer?: string };
}) {
  return (
    <>
      <TextField
        id={`${idPrefix}-question`}
        label="Question"
        name="question"
        autoComplete="off"
        hint={`One line, at most ${FAQ_QUESTION_MAX} characters.`}
        value={value.question}
        onChange={(e) => onChange({ ...value, question: e.target.value })}
        error={errors.question}
        required
      />
      <TextArea
        id={`${idPrefix}-answer`}
        label="Answer"
        name="answer"
        rows={4}
        hint={`At most ${FAQ_ANSWER_MAX} characters; new lines are kept.`}
        value={value.answer}
        onChange={(e) => onChange({ ...value, answer: e.target.value })}
        error={errors.answer}
        required
      />
    </>
  );
}

function checkDraft(draft: Draft): { question?: string; answer?: string } | null {
  const question = faqTextProblem('question', draft.question) ?? undefined;
  const answer = faqTextProblem('answer', draft.answer) ?? undefined;
  return question || answer ? { question, answer } : null;
}

function AddQuestionForm({ pageLabel, onAdd, busy }: { pageLabel: string; onAdd: (draft: Draft) => Promise<string | null>; busy: boolean }) {
  const [draft, setDraft] = useState<Draft>({ question: '', answer: '' });
  const [errors, setErrors] = useState<{ question?: string; answer?: string }>({});
  const [failed, setFailed] = useState<string | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const refused = checkDraft(draft);
    if (refused) {
      setErrors(refused);
      form.current?.querySelector<HTMLElement>(refused.question ? '[name="question"]' : '[name="answer"]')?.focus();
      return;
    }
    setErrors({});
    const problem = await onAdd({ question: draft.question.trim(), answer: draft.answer.trim() });
    setFailed(problem);
    if (!problem) setDraft({ question: '', answer: '' });
  };
  return (
    <form ref={form} className="cms-faq__add" onSubmit={(e) => void submit(e)} noValidate aria-labelledby="cms-faq-add-title">
      <h2 id="cms-faq-add-title">Add a question to {pageLabel}</h2>
      <p className="cms-faq__hint">New questions are drafts at the end of the list: visitors see them once you publish them.</p>
      <QuestionFields
        idPrefix="cms-faq-new"
        value={draft}
        onChange={(next) => {
          setDraft(next);
          setErrors({});
          setFailed(null);
        }}
        errors={errors}
      />
      {failed && (
        <p role="alert" className="cms-faq__form-error">
          {failed}
        </p>
      )}
      <Button type="submit" loading={busy} loadingLabel="Adding the question">
        Add question
      </Button>
    </form>
  );
}

function EditQuestionForm({ row, onSave, onCancel }: { row: FaqEditorRow; onSave: (draft: Draft) => Promise<boolean>; onCancel: () => void }) {
  const [draft, setDraft] = useState<Draft>({ question: row.question, answer: row.answer });
  const [errors, setErrors] = useState<{ question?: string; answer?: string }>({});
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    form.current?.querySelector<HTMLElement>('[name="question"]')?.focus();
  }, []);
  const unchanged = draft.question.trim() === row.question && draft.answer.trim() === row.answer;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || unchanged) return;
    const refused = checkDraft(draft);
    if (refused) {
      setErrors(refused);
      return;
    }
    setBusy(true);
    const saved = await onSave({ question: draft.question.trim(), answer: draft.answer.trim() });
    if (!saved) setBusy(false);
  };
  return (
    <form
      ref={form}
      className="cms-faq__edit"
      onSubmit={(e) => void submit(e)}
      onKeyDown={(e) => {
        if (e.key === 'Escape') onCancel();
      }}
      noValidate
      aria-label={`Edit: ${row.question}`}
    >
      {row.published && <p className="cms-faq__hint">This question is published: saving changes what visitors see straight away.</p>}
      <QuestionFields
        idPrefix={`cms-faq-${row.id}`}
        value={draft}
        onChange={(next) => {
          setDraft(next);
          setErrors({});
        }}
        errors={errors}
      />
      <span className="cms-faq__actions">
        <Button type="submit" size="sm" disabled={unchanged} loading={busy} loadingLabel="Saving">
          Save
        </Button>
        <Button type="button" size="sm" variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </span>
    </form>
  );
}

/**
 * /cms/faq/:page (editors and admins): a page's FAQ with its drafts. Add a question (a draft at the
 * end), edit one inline, publish or unpublish it, delete it after a confirmation, and reorder by
 * dragging a row or with Move up / Move down (announced; the new order shows at once and is saved
 * in the background). Every write names the version the editor saw: when someone else changed the
 * question meanwhile, the service refuses it and the page says so, with a Reload button.
 */
export function FaqEditorPage() {
  const params = useParams();
  const navigate = useNavigate();
  const requested = params.page;
  const page: PageKey = isPageKey(requested) ? requested : 'home';
  const pageLabel = FAQ_PAGE_LABELS[page];
  const state = useStaffSession();
  const userId = state.status === 'signed-in' ? state.session.user.id : 'signed-out';
  const list = useFaqEditorRows(userId, page);
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const [problem, setProblem] = useState<Problem | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [editing, setEditing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<FaqEditorRow | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [focusTarget, setFocusTarget] = useState<{ id: string; action: Action } | null>(null);
  const container = useRef<HTMLDivElement>(null);
  const key = faqEditorKeys.page(userId, page);

  // A new page: nothing carried over from the last one.
  useEffect(() => {
    setProblem(null);
    setEditing(null);
  }, [page]);

  const stored = list.data ?? [];
  const announce = (text: string) => setAnnouncement((current) => (current === text ? `${text}\u00a0` : text));
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });

  // Reordering (drag, or Move up / Move down): shown at once, saved in the background.
  const order = useReorderableList<FaqEditorRow>({
    items: stored,
    getId: (row) => row.id,
    resetKey: page,
    dragDisabled: editing !== null,
    save: (ids) => faqEditing.reorder(page, ids),
    onSaved: (items) => queryClient.setQueryData(key, items),
    onError: async (error) => {
      failed('Order not saved', error);
      await refresh();
    },
    describeMove: (row, { to, count }) => `“${row.question}” moved to position ${to + 1} of ${count}.`,
    onMove: () => setProblem(null),
    announce,
  });
  const rows = order.rows;
  const drafts = rows.filter((r) => !r.published).length;

  useEffect(() => {
    if (!focusTarget || !container.current) return;
    const button = container.current.querySelector<HTMLButtonElement>(
      `[data-reorder-id="${focusTarget.id}"] [data-action="${focusTarget.action}"]:not(:disabled)`,
    );
    if (button) {
      button.focus();
      setFocusTarget(null);
    }
  }, [focusTarget, list.data, editing]);

  /** A failed write in words; a conflict or a vanished row offers a reload. */
  function failed(title: string, error: unknown) {
    const code = errorCode(error);
    const stale = code === 'edit_conflict' || code === 'faq_not_found' || code === 'faq_order_mismatch';
    // The notice is an alert: screen readers hear it without the status line repeating it.
    setProblem({ title: code === 'edit_conflict' ? 'Changed by someone else' : title, message: errorMessage(error), reload: stale });
  }

  function replaceRow(row: FaqEditorRow) {
    queryClient.setQueryData<FaqEditorRow[]>(key, (current) => current?.map((r) => (r.id === row.id ? row : r)));
  }

  const add = async (draft: Draft): Promise<string | null> => {
    setProblem(null);
    setAdding(true);
    try {
      const row = await faqEditing.create({ page, ...draft });
      queryClient.setQueryData<FaqEditorRow[]>(key, (current) => [...(current ?? []), row]);
      toast({ title: 'Question added', description: 'It is a draft at the end of the list: publish it when it is ready.' });
      announce(`“${row.question}” added as a draft at position ${stored.length + 1}.`);
      void refresh();
      return null;
    } catch (error) {
      return errorMessage(error);
    } finally {
      setAdding(false);
    }
  };

  const save = async (row: FaqEditorRow, draft: Draft): Promise<boolean> => {
    setProblem(null);
    try {
      const saved = await faqEditing.update(row.id, {
        ...(draft.question !== row.question ? { question: draft.question } : {}),
        ...(draft.answer !== row.answer ? { answer: draft.answer } : {}),
        version: row.version,
      });
      replaceRow(saved);
      setEditing(null);
      setFocusTarget({ id: row.id, action: 'edit' });
      toast({ title: 'Question saved', description: saved.published ? 'Visitors see the new text now.' : 'It is still a draft.' });
      announce(`“${saved.question}” saved.`);
      return true;
    } catch (error) {
      failed('Not saved', error);
      return false;
    }
  };

  const togglePublished = async (row: FaqEditorRow) => {
    setProblem(null);
    setBusyId(row.id);
    try {
      const saved = await faqEditing.setPublished(row, !row.published);
      replaceRow(saved);
      setFocusTarget({ id: row.id, action: 'publish' });
      const text = saved.published ? `“${saved.question}” is published: visitors see it now.` : `“${saved.question}” is unpublished: only editors see it.`;
      toast({ title: saved.published ? 'Question published' : 'Question unpublished', description: text });
      announce(text);
    } catch (error) {
      failed(row.published ? 'Not unpublished' : 'Not published', error);
    } finally {
      setBusyId(null);
    }
  };

  const remove = async (row: FaqEditorRow) => {
    try {
      await faqEditing.remove(row);
    } catch (error) {
      // A stale or vanished row: close the dialog and say why on the page, with a reload.
      const code = errorCode(error);
      if (code === 'edit_conflict' || code === 'faq_not_found') {
        setDeleting(null);
        failed('Not deleted', error);
        return;
      }
      throw error;
    }
    queryClient.setQueryData<FaqEditorRow[]>(key, (current) => current?.filter((r) => r.id !== row.id));
    toast({ title: 'Question deleted', description: `“${row.question}” is gone.` });
    announce(`“${row.question}” deleted.`);
    void refresh();
  };

  const reload = async () => {
    setProblem(null);
    setEditing(null);
    await refresh();
    announce('The list has been read again.');
  };

  return (
    <PageFrame
      title={FAQ_EDITOR_TITLE}
      section="home"
      eyebrow={
        <Link to="/cms" className="cms-staff-link">
          Content management
        </Link>
      }
      intro="The questions and answers at the foot of each page. Drafts are seen only here; visitors see the published questions, in this order."
    >
      <div className="cms-faq" ref={container}>
        <div className="cms-faq__bar">
          <Select
            label="Page"
            name="page"
            wrapperClassName="cms-faq__picker"
            value={page}
            options={PAGE_KEYS.map((key) => ({ value: key, label: FAQ_PAGE_LABELS[key] }))}
            onChange={(e) => navigate(`/cms/faq/${e.target.value}`)}
          />
          <Link to={`/cms/images/${page}`} className="cms-staff-link">
            Images on {pageLabel}
          </Link>
        </div>
        {!isPageKey(requested) && (
          <p className="cms-staff-notice" role="note">
            There is no page called “{requested}”: showing Home.
          </p>
        )}
        <p role="status" className="cms-faq__status">
          <VisuallyHidden>{announcement}</VisuallyHidden>
        </p>
        {problem && (
          <div role="alert" className="cms-staff-notice cms-faq__problem">
            <p>
              <strong>{problem.title}.</strong> {problem.message}
            </p>
            {problem.reload && (
              <Button size="sm" onClick={() => void reload()}>
                Reload the questions
              </Button>
            )}
          </div>
        )}
        <section aria-labelledby="cms-faq-list-title" className="cms-faq__section">
          <h2 id="cms-faq-list-title">
            Questions on {pageLabel}{' '}
            <span className="cms-faq__count">
              ({rows.length}
              {drafts > 0 ? `, ${drafts} ${drafts === 1 ? 'draft' : 'drafts'}` : ''})
            </span>
          </h2>
          {list.isPending ? (
            <Spinner label="Loading the questions" />
          ) : list.isError ? (
            <div role="alert" className="cms-staff-notice">
              <p>The questions could not be loaded: {errorMessage(list.error)}</p>
              <Button onClick={() => void list.refetch()}>Try again</Button>
            </div>
          ) : rows.length === 0 ? (
            <p className="cms-faq__empty">No questions on {pageLabel} yet. Visitors see no FAQ there until you add and publish one.</p>
          ) : (
            <>
              <p className="cms-faq__hint">Drag a question by its handle, or use Move up and Move down, to change the order.</p>
              <ol className="cms-faq__list" aria-labelledby="cms-faq-list-title" ref={order.listRef}>
                {rows.map((row, index) => (
                  <li key={row.id} {...order.itemProps(row, index, { className: 'cms-faq__item' })}>
                    <div className="cms-faq__row">
                      <span className="cms-faq__handle" aria-hidden="true" title="Drag to reorder">
                        ⠿
                      </span>
                      <span className="cms-faq__position" aria-hidden="true">
                        {index + 1}
                      </span>
                      <h3 className="cms-faq__question">
                        <VisuallyHidden>{`${index + 1} of ${rows.length}: `}</VisuallyHidden>
                        {row.question}
                      </h3>
                      <span className={`cms-faq__badge${row.published ? ' is-published' : ''}`}>{row.published ? 'Published' : 'Draft'}</span>
                    </div>
                    {editing === row.id ? (
                      <EditQuestionForm
                        row={row}
                        onSave={(draft) => save(row, draft)}
                        onCancel={() => {
                          setEditing(null);
                          setFocusTarget({ id: row.id, action: 'edit' });
                        }}
                      />
                    ) : (
                      <>
                        <p className="cms-faq__answer">{row.answer}</p>
                        <span className="cms-faq__actions">
                          <Button size="sm" variant="secondary" data-action="edit" aria-label={`Edit: ${row.question}`} onClick={() => setEditing(row.id)}>
                            Edit
                          </Button>
                          <MoveButtons label={row.question} {...order.moveButtons(row, index)} />
                          <Button
                            size="sm"
                            variant={row.published ? 'secondary' : 'primary'}
                            data-action="publish"
                            aria-label={`${row.published ? 'Unpublish' : 'Publish'}: ${row.question}`}
                            loading={busyId === row.id}
                            loadingLabel={row.published ? 'Unpublishing' : 'Publishing'}
                            onClick={() => void togglePublished(row)}
                          >
                            {row.published ? 'Unpublish' : 'Publish'}
                          </Button>
                          <Button size="sm" variant="ghost" data-action="delete" aria-label={`Delete: ${row.question}`} onClick={() => setDeleting(row)}>
                            Delete
                          </Button>
                        </span>
                      </>
                    )}
                  </li>
                ))}
              </ol>
            </>
          )}
        </section>
        <AddQuestionForm key={page} pageLabel={pageLabel} onAdd={add} busy={adding} />
      </div>
      <ConfirmDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        onConfirm={() => (deleting ? remove(deleting) : undefined)}
        title="Delete this question?"
        message={
          deleting ? (
            <>
              “{deleting.question}” will be removed from {pageLabel}
              {deleting.published ? ' and visitors will no longer see it' : ''}. This cannot be undone.
            </>
          ) : null
        }
        confirmLabel="Delete question"
        destructive
      />
    </PageFrame>
  );
}
