import { useEffect, useRef, useState, type FormEvent } from 'react';
import * as z from 'zod/mini';
import { SECRET_WORD_MAX_LENGTH, SECRET_WORD_RULE, secretWordSchema, type SecretWordRow } from '@croft/contracts';
import { useQueryClient } from '@croft/query';
import { Link } from '@croft/router';
import { Button, PageFrame, Spinner, useToast, VisuallyHidden } from '@croft/ui';
import { TextField } from '@croft/ui/forms';
import { errorCode, errorMessage } from '../staff/api/staff-client';
import { useStaffSession } from '../staff/session';
import {
  secretWordKeys,
  sendSecretWordOrder,
  useAddSecretWord,
  useSecretWordList,
  useSetSecretWordActive,
} from './api/secret-words';
import { MoveButtons } from '../editing/reorder/move-buttons';
import { useReorderableList, type ReorderableList } from '../editing/reorder/use-reorderable-list';
import '../staff/guard/staff-guard.css';
import './secret-words-page.css';

export const SECRET_WORDS_TITLE = 'Secret words';

/** What the contract says about a word, as a sentence ('The word must be letters, …'), or null when it is fine. */
export function secretWordProblem(word: string): string | null {
  const result = z.safeParse(secretWordSchema, word);
  if (result.success) return null;
  return `The word ${result.error.issues[0]?.message ?? SECRET_WORD_RULE}.`;
}

type Action = 'retire' | 'restore';

/** Where focus goes once the list shows a change: the word in its new list. */
interface FocusTarget {
  id: string;
  action: Action;
}

interface Problem {
  title: string;
  message: string;
}

function AddWordForm({ onAdd, busy }: { onAdd: (word: string) => Promise<string | null>; busy: boolean }) {
  const [word, setWord] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const trimmed = word.trim();
    const refused = secretWordProblem(trimmed);
    if (refused) {
      setProblem(refused);
      input.current?.focus();
      return;
    }
    setProblem(null);
    const failed = await onAdd(trimmed);
    if (failed) {
      setProblem(failed);
      input.current?.focus();
    } else setWord('');
  };
  return (
    <form className="cms-words__add" onSubmit={(e) => void submit(e)} noValidate aria-labelledby="cms-words-add-title">
      <h2 id="cms-words-add-title">Add a word</h2>
      <TextField
        ref={input}
        label="New word"
        name="word"
        autoComplete="off"
        hint={`Letters, with single spaces or hyphens between them; at most ${SECRET_WORD_MAX_LENGTH} characters. It goes to the end of the list.`}
        value={word}
        onChange={(e) => {
          setWord(e.target.value);
          setProblem(null);
        }}
        error={problem ?? undefined}
        required
      />
      <Button type="submit" loading={busy} loadingLabel="Adding the word">
        Add word
      </Button>
    </form>
  );
}

function ActiveWord({
  row,
  index,
  order,
  busy,
  onRetire,
}: {
  row: SecretWordRow;
  index: number;
  order: ReorderableList<SecretWordRow>;
  busy: boolean;
  onRetire: (row: SecretWordRow) => void;
}) {
  const position = index + 1;
  return (
    <li {...order.itemProps(row, index, { className: 'cms-words__item' })}>
      <span className="cms-words__handle" aria-hidden="true" title="Drag to reorder">
        ⠿
      </span>
      <span className="cms-words__position" aria-hidden="true">
        {position}
      </span>
      <span className="cms-words__word">
        <VisuallyHidden>{`${position} of ${order.rows.length}: `}</VisuallyHidden>
        {row.word}
      </span>
      <span className="cms-words__actions">
        <MoveButtons label={row.word} {...order.moveButtons(row, index)} />
        <Button
          size="sm"
          variant="ghost"
          data-action="retire"
          aria-label={`Retire: ${row.word}`}
          loading={busy}
          loadingLabel={`Retiring ${row.word}`}
          onClick={() => onRetire(row)}
        >
          Retire
        </Button>
      </span>
    </li>
  );
}

/**
 * /cms/secret-words (editors, staff, admins): the beer words members see, one a day (UTC) in this
 * list's order (spec 001 §4). Add a word (checked against the contract before it is sent; it goes
 * to the end), retire a word or bring a retired one back (at the end), and reorder the active
 * words with Move up / Move down: the new order shows at once, is announced, and is saved in the
 * background (moves made while a save is under way go in the next one); a refused save (someone
 * changed the list meanwhile) reads the list again and says so.
 */
export function SecretWordsPage() {
  const state = useStaffSession();
  const userId = state.status === 'signed-in' ? state.session.user.id : 'signed-out';
  const list = useSecretWordList(userId);
  const add = useAddSecretWord(userId);
  const setActive = useSetSecretWordActive(userId);
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const [problem, setProblem] = useState<Problem | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [focusTarget, setFocusTarget] = useState<FocusTarget | null>(null);
  const container = useRef<HTMLDivElement>(null);

  const rows = list.data ?? [];
  const listed = rows.filter((r) => r.is_active);
  const retired = rows.filter((r) => !r.is_active);
  const announce = (text: string) => setAnnouncement((current) => (current === text ? `${text}\u00a0` : text));

  // The active words' order (drag, or Move up / Move down): shown at once, saved in the background;
  // words added or brought back meanwhile stay at the end.
  const order = useReorderableList<SecretWordRow>({
    items: listed,
    getId: (row) => row.id,
    save: (ids) => sendSecretWordOrder(ids),
    onSaved: (items) => queryClient.setQueryData(secretWordKeys.all(userId), items),
    onError: async (error) => {
      const mismatch = errorCode(error) === 'secret_word_order_mismatch';
      setProblem({ title: mismatch ? 'The list changed' : 'Order not saved', message: errorMessage(error) });
      announce(mismatch ? 'The list changed meanwhile; the new order was not saved. The list has been read again.' : 'The new order was not saved.');
      await queryClient.invalidateQueries({ queryKey: secretWordKeys.all(userId) });
    },
    onMove: () => setProblem(null),
    describeMove: (row, { to, count, direction }) => `${row.word} moved ${direction} to position ${to + 1} of ${count}.`,
    announce,
  });
  const active = order.rows;

  useEffect(() => {
    if (!focusTarget || !container.current) return;
    const button = container.current.querySelector<HTMLButtonElement>(
      `[data-reorder-id="${focusTarget.id}"] [data-action="${focusTarget.action}"]:not(:disabled), [data-word-id="${focusTarget.id}"] [data-action="${focusTarget.action}"]:not(:disabled)`,
    );
    if (button) {
      button.focus();
      setFocusTarget(null);
    }
  }, [focusTarget, list.data]);

  const addWord = async (word: string): Promise<string | null> => {
    setProblem(null);
    try {
      const row = await add.mutateAsync(word);
      toast({ title: 'Word added', description: `${row.word} is at the end of the list.` });
      announce(`${row.word} added at position ${listed.length + 1}.`);
      return null;
    } catch (error) {
      return errorMessage(error);
    }
  };

  const changeActive = async (row: SecretWordRow, isActive: boolean) => {
    setProblem(null);
    try {
      await setActive.mutateAsync({ id: row.id, is_active: isActive });
      const text = isActive ? `${row.word} is back, at the end of the list.` : `${row.word} retired: it is no longer a word of the day.`;
      toast({ title: isActive ? 'Word brought back' : 'Word retired', description: text });
      announce(text);
      setFocusTarget({ id: row.id, action: isActive ? 'retire' : 'restore' });
    } catch (error) {
      setProblem({ title: isActive ? 'Not brought back' : 'Not retired', message: errorMessage(error) });
    }
  };
  const busyId = setActive.isPending ? setActive.variables?.id : undefined;

  return (
    <PageFrame
      title={SECRET_WORDS_TITLE}
      section="beer"
      eyebrow={
        <Link to="/cms" className="cms-staff-link">
          Content management
        </Link>
      }
      intro="The words members see in the Secret Beer reveal: one a day (UTC), taking the active words in this order, a new one each day of the year and round again from the top."
    >
      <div className="cms-words" ref={container}>
        <p role="status" className="cms-words__status">
          <VisuallyHidden>{announcement}</VisuallyHidden>
        </p>
        {problem && (
          <div role="alert" className="cms-staff-notice cms-words__problem">
            <p>
              <strong>{problem.title}.</strong> {problem.message}
            </p>
          </div>
        )}
        <AddWordForm onAdd={addWord} busy={add.isPending} />
        {list.isPending ? (
          <Spinner label="Loading secret words" />
        ) : list.isError ? (
          <div role="alert" className="cms-staff-notice">
            <p>The secret words could not be loaded: {errorMessage(list.error)}</p>
            <Button onClick={() => void list.refetch()}>Try again</Button>
          </div>
        ) : (
          <>
            <section aria-labelledby="cms-words-active-title" className="cms-words__section">
              <h2 id="cms-words-active-title">
                Active words <span className="cms-words__count">({active.length})</span>
              </h2>
              {active.length === 0 ? (
                <p className="cms-words__empty">
                  {retired.length === 0
                    ? 'No secret words yet. Until you add one, the reveal uses its built-in list of beer and Bristol words.'
                    : 'No active words: the reveal uses its built-in list until you add a word or bring one back.'}
                </p>
              ) : (
                <>
                  <p className="cms-words__hint">Drag a word by its handle, or use Move up and Move down, to change the order.</p>
                  <ol className="cms-words__list" aria-labelledby="cms-words-active-title" ref={order.listRef}>
                    {active.map((row, index) => (
                      <ActiveWord key={row.id} row={row} index={index} order={order} busy={busyId === row.id} onRetire={(r) => void changeActive(r, false)} />
                    ))}
                  </ol>
                </>
              )}
            </section>
            <section aria-labelledby="cms-words-retired-title" className="cms-words__section">
              <h2 id="cms-words-retired-title">
                Retired words <span className="cms-words__count">({retired.length})</span>
              </h2>
              {retired.length === 0 ? (
                <p className="cms-words__empty">No retired words.</p>
              ) : (
                <ul className="cms-words__list cms-words__list--retired" aria-labelledby="cms-words-retired-title">
                  {retired.map((row) => (
                    <li key={row.id} className="cms-words__item" data-word-id={row.id}>
                      <span className="cms-words__word">{row.word}</span>
                      <span className="cms-words__actions">
                        <Button
                          size="sm"
                          variant="secondary"
                          data-action="restore"
                          aria-label={`Bring back: ${row.word}`}
                          loading={busyId === row.id}
                          loadingLabel={`Bringing back ${row.word}`}
                          onClick={() => void changeActive(row, true)}
                        >
                          Bring back
                        </Button>
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          </>
        )}
      </div>
    </PageFrame>
  );
}

export default SecretWordsPage;
