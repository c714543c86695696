import { useId, useRef, useState, type FormEvent } from 'react';
import {
  NEWSLETTER_INTERESTS,
  NUDGE_BODY_MAX,
  NUDGE_TITLE_MAX,
  composeNudgeRequestSchema,
  emailSchema,
  londonInstant,
  testNudgeRequestSchema,
  type ComposeNudgeRequest,
  type Nudge,
  type NudgeStoredAudience,
} from '@croft/contracts';
import type { AdminPanelProps } from '@croft/contracts/remotes';
import { errorMessage } from '@croft/api-client';
import { Link } from '@croft/router';
import { Button, PageFrame, Spinner } from '@croft/ui';
import { ConfirmDialog } from '@croft/ui/confirm-dialog';
import { Select, TextArea, TextField } from '@croft/ui/forms';
import { useNudgeList } from './api/list-nudges';
import { useNudgeDetail } from './api/get-nudge-detail';
import { useComposeNudge } from './api/compose-nudge';
import { useCancelNudge } from './api/cancel-nudge';
import { useTestSend } from './api/test-send';
import './nudges-admin.css';

const when = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'Europe/London' });
/** '1 Dec 2026, 11:50' in London time. */
const londonTime = (iso: string) => when.format(new Date(iso));

type AudienceKind = 'everyone' | 'members' | 'email' | 'interest';
interface Draft {
  title: string;
  body: string;
  url: string;
  audience: AudienceKind;
  email: string;
  interest: string;
  timing: 'now' | 'later';
  date: string;
  time: string;
  repeat: '' | 'daily' | 'weekly';
  until: string;
}
type Field = 'title' | 'body' | 'url' | 'email' | 'interest' | 'date' | 'until';
type Problems = Partial<Record<Field, string>>;

const EMPTY: Draft = { title: '', body: '', url: '', audience: 'everyone', email: '', interest: '', timing: 'now', date: '', time: '', repeat: '', until: '' };
const LABELS: Record<Field, string> = { title: 'Title', body: 'Message', url: 'Link', email: 'Email', interest: 'Interest', date: 'Send on', until: 'Repeat until' };

/** A zod message as a sentence next to its field: 'Link must be an http(s) address…'; full sentences stay as they are. */
const inWords = (field: Field, message: string) => (/^[a-z]/.test(message) ? `${LABELS[field]} ${message}.`.replace(/\.\.$/, '.') : message);

/** The contract's issues, by the form field they belong to. */
function problemsFrom(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Problems {
  const problems: Problems = {};
  for (const issue of issues) {
    const [first, second] = issue.path;
    const field: Field | null =
      first === 'title' || first === 'body' || first === 'url'
        ? first
        : first === 'audience'
          ? second === 'interest'
            ? 'interest'
            : 'email'
          : first === 'send_at'
            ? 'date'
            : first === 'repeat'
              ? 'until'
              : null;
    if (field && !problems[field]) problems[field] = inWords(field, issue.message);
  }
  return problems;
}

/** The draft as the compose request, or the problems in words (checked by the contract's schema). */
function toRequest(draft: Draft): { request: ComposeNudgeRequest } | { problems: Problems } {
  const problems: Problems = {};
  if (draft.audience === 'interest' && !draft.interest) problems.interest = 'Choose the interest.';
  if (draft.timing === 'later' && (!draft.date || !draft.time)) problems.date = 'Choose the date and time to send it.';
  if (draft.repeat && !draft.until) problems.until = 'Choose the last day of the repeats.';
  const audience =
    draft.audience === 'email'
      ? { kind: 'email' as const, email: draft.email }
      : draft.audience === 'interest'
        ? { kind: 'interest' as const, interest: draft.interest as (typeof NEWSLETTER_INTERESTS)[number] }
        : { kind: draft.audience };
  const sendAt = draft.timing === 'later' && draft.date && draft.time ? londonInstant(draft.date, draft.time).toISOString() : undefined;
  const request: ComposeNudgeRequest = {
    title: draft.title,
    body: draft.body,
    url: draft.url,
    audience,
    ...(sendAt ? { send_at: sendAt } : {}),
    ...(draft.repeat && draft.until ? { repeat: { every: draft.repeat, until: londonInstant(draft.until, '23:59').toISOString() } } : {}),
  };
  const parsed = composeNudgeRequestSchema.safeParse(request);
  const found = parsed.success ? {} : problemsFrom(parsed.error.issues);
  // The audience is a plain union, whose issue names no branch: the email's own rule says what is wrong.
  if (draft.audience === 'email') {
    const email = emailSchema.safeParse(draft.email);
    if (!email.success) found.email = inWords('email', email.error.issues[0]?.message ?? 'must be an email address');
    else delete found.email;
  }
  const all = { ...found, ...problems };
  return Object.keys(all).length ? { problems: all } : { request };
}

const hostOf = (url: string) => {
  if (url.startsWith('/')) return 'croftcommon.co.uk';
  try {
    return new URL(url).host;
  } catch {
    return '';
  }
};

/** The notification as a phone shows it: the site, the title, the message and where it leads. */
function PhonePreview({ title, body, url }: { title: string; body: string; url: string }) {
  return (
    <figure className="na-preview" aria-labelledby="na-preview-caption">
      <figcaption id="na-preview-caption">Preview on a phone</figcaption>
      <div className="na-phone">
        <div className="na-note">
          <p className="na-note__app">
            <span className="na-note__icon" aria-hidden="true">
              C
            </span>
            Croft Common · now
          </p>
          <p className="na-note__title">{title.trim() || 'Your title'}</p>
          <p className="na-note__body">{body.trim() || 'Your message'}</p>
          {url.trim() && <p className="na-note__host">{hostOf(url.trim()) || url.trim()}</p>}
        </div>
      </div>
    </figure>
  );
}

function Compose({ onResult }: { onResult: (text: string) => void }) {
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [problems, setProblems] = useState<Problems>({});
  const [failure, setFailure] = useState<string | null>(null);
  const compose = useComposeNudge();
  const testSend = useTestSend();
  const formRef = useRef<HTMLFormElement>(null);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const focusFirstProblem = () => requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const checked = toRequest(draft);
    if ('problems' in checked) {
      setProblems(checked.problems);
      onResult('');
      focusFirstProblem();
      return;
    }
    setProblems({});
    compose.mutate(checked.request, {
      onSuccess: (nudge) => {
        onResult(
          nudge.state === 'scheduled'
            ? `Scheduled “${nudge.title}” for ${londonTime(nudge.send_at)}.`
            : `Sent “${nudge.title}”: ${nudge.counts.sent} of ${nudge.counts.targeted} ${nudge.counts.targeted === 1 ? 'browser' : 'browsers'} so far.`,
        );
        setDraft(EMPTY);
      },
      onError: (error) => setFailure(errorMessage(error)),
    });
  };

  const sendTest = () => {
    setFailure(null);
    const parsed = testNudgeRequestSchema.safeParse({ title: draft.title, body: draft.body, url: draft.url });
    if (!parsed.success) {
      setProblems(problemsFrom(parsed.error.issues));
      onResult('');
      focusFirstProblem();
      return;
    }
    setProblems({});
    testSend.mutate(
      { title: draft.title, body: draft.body, url: draft.url },
      {
        onSuccess: (nudge) => onResult(`Test sent to your devices: ${nudge.counts.sent} of ${nudge.counts.targeted}.`),
        onError: (error) => setFailure(errorMessage(error)),
      },
    );
  };

  return (
    <section className="na-section" aria-labelledby="na-compose">
      <h2 id="na-compose">New nudge</h2>
      <div className="na-compose">
        <form ref={formRef} className="na-form" onSubmit={submit} noValidate aria-labelledby="na-compose">
          <TextField label="Title" value={draft.title} onChange={(e) => set('title', e.target.value)} maxLength={NUDGE_TITLE_MAX} error={problems.title} required />
          <TextArea label="Message" value={draft.body} onChange={(e) => set('body', e.target.value)} maxLength={NUDGE_BODY_MAX} rows={3} error={problems.body} required />
          <TextField
            label="Link"
            value={draft.url}
            onChange={(e) => set('url', e.target.value)}
            hint="A page on the site (/hall) or a full address (https://…)."
            error={problems.url}
            autoComplete="off"
            required
          />
          <Select
            label="Who gets it"
            value={draft.audience}
            onChange={(e) => set('audience', e.target.value as AudienceKind)}
            options={[
              { value: 'everyone', label: 'Everyone with nudges on' },
              { value: 'members', label: 'Members' },
              { value: 'email', label: 'One person (by email)' },
              { value: 'interest', label: 'People interested in…' },
            ]}
          />
          {draft.audience === 'email' && (
            <TextField label="Email" type="email" value={draft.email} onChange={(e) => set('email', e.target.value)} error={problems.email} required />
          )}
          {draft.audience === 'interest' && (
            <Select
              label="Interest"
              value={draft.interest}
              placeholder="Choose an interest"
              onChange={(e) => set('interest', e.target.value)}
              options={NEWSLETTER_INTERESTS.map((i) => ({ value: i, label: i }))}
              error={problems.interest}
              required
            />
          )}
          <fieldset className="na-when">
            <legend>When</legend>
            <label>
              <input type="radio" name="na-timing" value="now" checked={draft.timing === 'now'} onChange={() => set('timing', 'now')} /> Now
            </label>
            <label>
              <input type="radio" name="na-timing" value="later" checked={draft.timing === 'later'} onChange={() => set('timing', 'later')} /> Later
            </label>
          </fieldset>
          {draft.timing === 'later' && (
            <div className="na-row">
              <TextField label="Send on" type="date" value={draft.date} onChange={(e) => set('date', e.target.value)} error={problems.date} hint="London time" required />
              <TextField label="At" type="time" value={draft.time} onChange={(e) => set('time', e.target.value)} required />
              <Select
                label="Repeat"
                value={draft.repeat}
                onChange={(e) => set('repeat', e.target.value as Draft['repeat'])}
                options={[
                  { value: '', label: 'Does not repeat' },
                  { value: 'daily', label: 'Every day' },
                  { value: 'weekly', label: 'Every week' },
                ]}
              />
              {draft.repeat && <TextField label="Repeat until" type="date" value={draft.until} onChange={(e) => set('until', e.target.value)} error={problems.until} required />}
            </div>
          )}
          {failure && (
            <p role="alert" className="na-problem">
              {failure}
            </p>
          )}
          <div className="na-row">
            <Button type="submit" loading={compose.isPending} loadingLabel={draft.timing === 'later' ? 'Scheduling' : 'Sending'}>
              {draft.timing === 'later' ? 'Schedule nudge' : 'Send nudge now'}
            </Button>
            <Button type="button" variant="secondary" onClick={sendTest} loading={testSend.isPending} loadingLabel="Sending the test">
              Send a test to my devices
            </Button>
          </div>
        </form>
        <PhonePreview title={draft.title} body={draft.body} url={draft.url} />
      </div>
    </section>
  );
}

function audienceInWords(audience: NudgeStoredAudience): string {
  switch (audience.kind) {
    case 'everyone':
      return 'Everyone';
    case 'members':
      return 'Members';
    case 'email':
      return `Only ${audience.email}`;
    case 'interest':
      return `Interested in ${audience.interest}`;
    case 'test':
      return 'Test to own devices';
  }
}

const STATE_WORDS: Record<Nudge['state'], string> = { scheduled: 'Scheduled', sending: 'Sending', sent: 'Sent', cancelled: 'Cancelled' };

function DeliveryLog({ id }: { id: string }) {
  const detail = useNudgeDetail(id);
  if (detail.isPending) return <Spinner label="Loading the delivery log" />;
  if (detail.isError)
    return (
      <p role="alert" className="na-problem">
        Could not load the delivery log: {errorMessage(detail.error)}
      </p>
    );
  const { deliveries } = detail.data;
  if (deliveries.length === 0) return <p className="na-muted">No deliveries yet.</p>;
  return (
    <div className="na-table-wrap" role="region" aria-label={`Delivery log of ${detail.data.nudge.title}`} tabIndex={0}>
      <table className="na-table">
        <thead>
          <tr>
            <th scope="col">Browser</th>
            <th scope="col">Person</th>
            <th scope="col">Status</th>
            <th scope="col">Attempts</th>
            <th scope="col">Reason</th>
            <th scope="col">When</th>
          </tr>
        </thead>
        <tbody>
          {deliveries.map((d) => (
            <tr key={d.subscription_id}>
              <td>{d.browser}</td>
              <td>{d.email ?? '—'}</td>
              <td>{d.status}</td>
              <td>{d.attempts}</td>
              <td>{d.reason ?? (d.status_code ? `HTTP ${d.status_code}` : '—')}</td>
              <td>{londonTime(d.updated_at)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function NudgeItem({ nudge, onCancel }: { nudge: Nudge; onCancel: (nudge: Nudge) => void }) {
  const [open, setOpen] = useState(false);
  const logId = useId();
  const c = nudge.counts;
  return (
    <li className="na-item">
      <div className="na-item__head">
        <h3>{nudge.title}</h3>
        <span className={`na-state na-state--${nudge.state}`}>{STATE_WORDS[nudge.state]}</span>
      </div>
      <p>{nudge.body}</p>
      <dl className="na-facts">
        <div>
          <dt>{nudge.state === 'scheduled' ? 'Goes out' : 'Sent'}</dt>
          <dd>{londonTime(nudge.send_at)}</dd>
        </div>
        <div>
          <dt>To</dt>
          <dd>{audienceInWords(nudge.audience)}</dd>
        </div>
        <div>
          <dt>Link</dt>
          <dd>{nudge.url}</dd>
        </div>
        {nudge.repeat && (
          <div>
            <dt>Repeats</dt>
            <dd>
              {nudge.repeat.every === 'daily' ? 'Every day' : 'Every week'} until {londonTime(nudge.repeat.until)} (no. {nudge.occurrence})
            </dd>
          </div>
        )}
      </dl>
      <p className="na-counts">
        {c.targeted} targeted · {c.sent} sent · {c.failed} failed · {c.removed} removed · {c.pending} pending · {c.clicks} {c.clicks === 1 ? 'click' : 'clicks'}
      </p>
      <div className="na-row">
        <Button size="sm" variant="secondary" aria-expanded={open} aria-controls={logId} onClick={() => setOpen((o) => !o)} aria-label={`Delivery log of ${nudge.title}`}>
          Delivery log
        </Button>
        {nudge.state === 'scheduled' && (
          <Button size="sm" variant="destructive" onClick={() => onCancel(nudge)} aria-label={`Cancel ${nudge.title}`}>
            Cancel
          </Button>
        )}
      </div>
      <div id={logId}>{open && <DeliveryLog id={nudge.id} />}</div>
    </li>
  );
}

function NudgeList({ onResult }: { onResult: (text: string) => void }) {
  const list = useNudgeList();
  const cancel = useCancelNudge();
  const [cancelling, setCancelling] = useState<Nudge | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  return (
    <section className="na-section" aria-labelledby="na-list">
      <h2 id="na-list" ref={headingRef} tabIndex={-1}>
        Nudges
      </h2>
      {list.isPending ? (
        <Spinner label="Loading the nudges" />
      ) : list.isError ? (
        <div className="na-stack">
          <p role="alert" className="na-problem">
            Could not load the nudges: {errorMessage(list.error)}
          </p>
          <div>
            <Button variant="secondary" onClick={() => void list.refetch()}>
              Try again
            </Button>
          </div>
        </div>
      ) : list.data.length === 0 ? (
        <p className="na-muted">No nudges yet. The ones you send or schedule appear here with their delivery log.</p>
      ) : (
        <ul className="na-list">
          {list.data.map((n) => (
            <NudgeItem key={n.id} nudge={n} onCancel={setCancelling} />
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={cancelling !== null}
        onClose={() => {
          setCancelling(null);
          requestAnimationFrame(() => headingRef.current?.focus());
        }}
        onConfirm={async () => {
          if (!cancelling) return;
          const done = await cancel.mutateAsync(cancelling.id);
          onResult(`Cancelled “${done.title}”.`);
        }}
        title="Cancel this nudge?"
        message={cancelling ? `“${cancelling.title}” will not go out${cancelling.repeat ? ', nor any later repeat' : ''}.` : undefined}
        confirmLabel="Cancel nudge"
        cancelLabel="Keep it"
        destructive
      />
    </section>
  );
}

/**
 * /admin/nudges (staff): compose a nudge (title, message, link, who, now or later, repeats) with
 * a phone preview and a test send to one's own devices; the nudges with their counts, delivery
 * logs, and Cancel for a scheduled one. The common-room team's panel, loaded into /admin.
 */
export default function NudgesAdmin({ basePath }: AdminPanelProps) {
  const [result, setResult] = useState('');
  return (
    <PageFrame
      title="Nudges"
      section="common-room"
      eyebrow={
        <Link to="/admin" className="na-link">
          Staff area
        </Link>
      }
      intro="Push a nudge to the phones of people who turned nudges on."
    >
      <div className="na" data-base-path={basePath}>
        <p role="status" className="na-result">
          {result}
        </p>
        <Compose onResult={setResult} />
        <NudgeList onResult={setResult} />
      </div>
    </PageFrame>
  );
}
