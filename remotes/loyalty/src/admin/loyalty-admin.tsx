import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import * as z from 'zod/mini';
import {
  LOYALTY_VOID_REASON_MAX,
  emailSchema,
  loyaltyCounter,
  voidLoyaltyEntryRequestSchema,
  type LoyaltyCard,
  type LoyaltyEntry,
  type StaffLoyaltyLookupResponse,
} from '@croft/contracts';
import type { AdminPanelProps } from '@croft/contracts/remotes';
import { ApiError, createLoyaltyStaffClient, errorMessage } from '@croft/api-client';
import { useMutation, useQuery, useQueryClient } from '@croft/query';
import { Link } from '@croft/router';
import { getSessionClient } from '@croft/session';
import { Button, Dialog, PageFrame, Spinner, VisuallyHidden, useToast } from '@croft/ui';
import { TextArea, TextField } from '@croft/ui/forms';
import './loyalty-admin.css';

/** The loyalty team's staff calls with the page's access token. */
export const loyaltyStaffClient = createLoyaltyStaffClient({
  getAccessToken: () => getSessionClient().getSession()?.access_token ?? null,
});

const day = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Europe/London' });
const time = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'Europe/London' });
/** '24 Nov 2026 09:12', in London time whatever the browser's zone. */
export const formatWhen = (iso: string) => `${day.format(new Date(iso))} ${time.format(new Date(iso))}`;

const cardTypeName = (type: LoyaltyCard['card_type']) => (type === 'lucky7' ? 'Lucky 7 card' : 'Regular card');

/** The reason's problem in words (the contract says the short case; the long one the field's limit prevents). */
function reasonProblem(reason: string): string | null {
  const parsed = z.safeParse(voidLoyaltyEntryRequestSchema, { reason });
  if (parsed.success) return null;
  const issue = parsed.error.issues[0];
  return issue?.code === 'too_big' ? `Keep the reason to ${LOYALTY_VOID_REASON_MAX} characters or fewer.` : (issue?.message ?? 'Say why this photo is being voided.');
}


const LOOKUPS = ['staff', 'loyalty', 'cards'] as const;
const lookupKey = (email: string) => [...LOOKUPS, email] as const;

function VoidDialog({ entry, onClose, onVoided }: { entry: LoyaltyEntry | null; onClose: () => void; onVoided: () => void }) {
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const voiding = useMutation({
    mutationFn: ({ id, reason: why }: { id: string; reason: string }) => loyaltyStaffClient.voidEntry(id, why),
    onSuccess: async () => {
      toast({ title: 'Photo voided', description: 'It is off the card, and the void is in the audit log.' });
      await queryClient.invalidateQueries({ queryKey: LOOKUPS });
      close();
      onVoided();
    },
    onError: (error) => {
      setProblem(errorMessage(error));
      // Someone else voided it first: the list catches up (the dialog says why).
      if (error instanceof ApiError && error.code === 'entry_not_found') void queryClient.invalidateQueries({ queryKey: LOOKUPS });
    },
  });
  /** Closing forgets the reason and any problem: the next photo starts blank. */
  const close = () => {
    setReason('');
    setProblem(null);
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!entry || voiding.isPending) return;
    const problemNow = reasonProblem(reason);
    if (problemNow) {
      setProblem(problemNow);
      return;
    }
    setProblem(null);
    voiding.mutate({ id: entry.id, reason: reason.trim() });
  };
  return (
    <Dialog
      open={entry !== null}
      onClose={() => {
        if (!voiding.isPending) close();
      }}
      title={entry ? `Void the photo in box ${entry.index}?` : 'Void a photo'}
      description="The photo comes off the member's card and the box is free again. Members see no reason; the audit log keeps it."
      size="sm"
    >
      <form className="la-void" onSubmit={submit} noValidate>
        <TextArea
          label="Reason"
          hint={`Why it is void, for the audit log (at most ${LOYALTY_VOID_REASON_MAX} characters).`}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          maxLength={LOYALTY_VOID_REASON_MAX}
          error={problem ?? undefined}
          required
          data-autofocus
        />
        <div className="la-void__actions">
          <Button type="submit" variant="destructive" loading={voiding.isPending} loadingLabel="Voiding">
            Void photo
          </Button>
          <Button type="button" variant="ghost" onClick={close} disabled={voiding.isPending}>
            Cancel
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function Results({ data, onVoid }: { data: StaffLoyaltyLookupResponse; onVoid: (entry: LoyaltyEntry) => void }) {
  if (data.cards.length === 0) return <p>This member has no loyalty card yet.</p>;
  return (
    <ul className="la-cards">
      {data.cards.map(({ card, entries }) => (
        <li key={card.id} className="la-card">
          <h3 className="la-card__title">
            {cardTypeName(card.card_type)} {card.is_complete ? '(completed)' : '(open)'}
          </h3>
          <p className="la-card__meta">
            {loyaltyCounter(card)} · started {formatWhen(card.created_at)}
            {card.completed_at ? ` · completed ${formatWhen(card.completed_at)}` : ''}
          </p>
          {entries.length === 0 ? (
            <p className="la-card__meta">No photos on this card.</p>
          ) : (
            <ul className="la-photos" aria-label={`Photos on the ${card.card_type === 'lucky7' ? 'Lucky 7' : 'regular'} card started ${formatWhen(card.created_at)}`}>
              {entries.map((entry) => (
                <li key={entry.id} className="la-photo">
                  <img
                    src={entry.thumbUrl}
                    alt={`Box ${entry.index} ${entry.kind} photo, added ${formatWhen(entry.created_at)}`}
                    width={160}
                    height={160}
                    loading="lazy"
                    decoding="async"
                  />
                  <Button size="sm" variant="secondary" onClick={() => onVoid(entry)} aria-label={`Void the photo in box ${entry.index}`}>
                    Void
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ul>
  );
}

/**
 * /admin/loyalty (staff and admins): look a member's cards up by email and void a photo that
 * should not count (a void is audit-logged with its reason). The loyalty team's panel, loaded into
 * /admin through federation.
 */
export default function LoyaltyAdmin({ basePath }: AdminPanelProps) {
  const [input, setInput] = useState('');
  const [inputError, setInputError] = useState<string | null>(null);
  const [email, setEmail] = useState<string | null>(null);
  const [voiding, setVoiding] = useState<LoyaltyEntry | null>(null);
  /** Bumped by each lookup and each void: focus goes to the results heading after the render. */
  const [focusTurn, setFocusTurn] = useState(0);
  const resultsHeading = useRef<HTMLHeadingElement>(null);
  const resultsId = useId();
  const lookup = useQuery({
    queryKey: lookupKey(email ?? ''),
    queryFn: ({ signal }) => loyaltyStaffClient.lookup(email!, { signal }),
    enabled: email !== null,
    retry: false,
    staleTime: 0,
  });

  // Focus follows to the answer (after a lookup, and after a void took its photo's button away),
  // for keyboards and screen readers.
  useEffect(() => {
    if (focusTurn > 0) resultsHeading.current?.focus();
  }, [focusTurn]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = z.safeParse(emailSchema, input);
    if (!parsed.success) {
      setInputError(input.trim() === '' ? "Enter the member's email address." : 'Enter the email address the member signs in with, like name@example.com.');
      return;
    }
    setInputError(null);
    // The same address again asks the service again (a void elsewhere, a new photo since).
    if (parsed.data === email) void lookup.refetch();
    else setEmail(parsed.data);
    setFocusTurn((n) => n + 1);
  };

  const status =
    email === null
      ? ''
      : lookup.isPending
        ? "Looking up the member's cards."
        : lookup.isError
          ? errorMessage(lookup.error)
          : lookup.data.cards.length === 0
            ? 'This member has no loyalty card yet.'
            : `${lookup.data.cards.length} ${lookup.data.cards.length === 1 ? 'card' : 'cards'} for ${lookup.data.email}.`;

  return (
    <PageFrame
      title="Loyalty cards"
      section="home"
      eyebrow={
        <Link to="/admin" className="la-link">
          Staff area
        </Link>
      }
      intro="Look a member's cards up by the email they sign in with, and void a photo that should not count."
    >
      <div className="la-panel" data-base-path={basePath}>
        <form className="la-search" onSubmit={submit} noValidate role="search" aria-label="Member's loyalty cards">
          <TextField
            label="Member email"
            type="email"
            autoComplete="off"
            spellCheck={false}
            value={input}
            onChange={(e) => setInput(e.target.value)}
            error={inputError ?? undefined}
          />
          <Button type="submit" loading={lookup.isFetching} loadingLabel="Looking up">
            Look up
          </Button>
        </form>
        <VisuallyHidden role="status">{status}</VisuallyHidden>
        {email !== null && (
          <section aria-labelledby={resultsId} className="la-results" aria-busy={lookup.isFetching}>
            <h2 id={resultsId} ref={resultsHeading} tabIndex={-1}>
              Cards of {email}
            </h2>
            {lookup.isPending ? (
              <Spinner label="Looking up the member's cards" />
            ) : lookup.isError ? (
              <p className="la-problem">{errorMessage(lookup.error)}</p>
            ) : (
              <Results data={lookup.data} onVoid={setVoiding} />
            )}
          </section>
        )}
      </div>
      <VoidDialog entry={voiding} onClose={() => setVoiding(null)} onVoided={() => setFocusTurn((n) => n + 1)} />
    </PageFrame>
  );
}
