import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { NEWSLETTER_INTERESTS, NUDGE_ERROR_MESSAGES, nudgeEmailLinkRequestSchema, type NewsletterInterest, type NudgeReceived, type NudgeSubscription } from '@croft/contracts';
import { errorMessage } from '@croft/api-client';
import { useLocation } from '@croft/router';
import { useSession } from '@croft/session/react';
import { Button, PageFrame, Spinner } from '@croft/ui';
import { Checkbox, TextField } from '@croft/ui/forms';
import { browserPushAdapter, type PushAdapter } from './push-adapter';
import { useDevice } from './api/get-device';
import { useMySubscription } from './api/get-my-subscription';
import { PushSetupError, useTurnOn } from './api/turn-on';
import { useTurnOff } from './api/turn-off';
import { useSaveTopics } from './api/save-topics';
import { useLinkByEmail } from './api/link-by-email';
import { useLinkToAccount } from './api/link-to-account';
import './notifications-page.css';

const when = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'Europe/London' });
/** '24 Nov 2026, 10:00' in London time. */
export const londonTime = (at: string | number) => when.format(new Date(at));

export const UNSUPPORTED_TEXT =
  'This browser cannot receive nudges: it has no service workers or no Push API (or it is in a private window). Try the latest Chrome, Edge, Firefox or Safari; on an iPhone, add this site to your Home Screen first and open it from there.';
export const DENIED_TEXT = 'Notifications are blocked for this site in your browser, so nudges cannot be turned on.';

function Blocked() {
  return (
    <div className="cr-nudges__block">
      <p role="alert" className="cr-nudges__problem">
        {DENIED_TEXT}
      </p>
      <p>To allow them:</p>
      <ol>
        <li>Open this site’s settings: the padlock or settings icon at the left of the address bar (on a phone, the ⋮ or aA menu, then Site settings).</li>
        <li>Set Notifications to Allow.</li>
        <li>Reload this page and press Turn on nudges.</li>
      </ol>
    </div>
  );
}

const externalLink = (url: string) => (url.startsWith('http') ? { target: '_blank', rel: 'noopener noreferrer' } : {});

/**
 * The nudges the service delivered to this browser (newest first); before nudges were linked to
 * the service's list (or when it has none yet), the latest one this device stored.
 */
function LastNudges({ recent, lastReceived }: { recent: readonly NudgeReceived[]; lastReceived: { url: string; timestamp?: number } | null }) {
  const headingId = useId();
  return (
    <section className="cr-nudges__part" aria-labelledby={headingId}>
      <h2 id={headingId}>Last nudges on this device</h2>
      {recent.length > 0 ? (
        <ul className="cr-nudges__list">
          {recent.map((nudge) => (
            <li key={nudge.nudge_id} className="cr-nudges__received">
              <a className="cr-nudges__link" href={nudge.url} {...externalLink(nudge.url)}>
                {nudge.title}
              </a>
              <span>{nudge.body}</span>
              <span className="cr-nudges__muted">Delivered {londonTime(nudge.delivered_at)}</span>
            </li>
          ))}
        </ul>
      ) : lastReceived ? (
        <ul className="cr-nudges__list">
          <li>
            <span className="cr-nudges__label">Latest nudge</span>{' '}
            <a className="cr-nudges__link" href={lastReceived.url} {...externalLink(lastReceived.url)}>
              {lastReceived.url}
            </a>
            {lastReceived.timestamp ? <> · received {londonTime(lastReceived.timestamp)}</> : null}
          </li>
        </ul>
      ) : (
        <p className="cr-nudges__muted">No nudge has reached this device yet.</p>
      )}
    </section>
  );
}

function Topics({ subscription, push, onSaved }: { subscription: NudgeSubscription; push: PushAdapter; onSaved: (text: string) => void }) {
  const [chosen, setChosen] = useState<NewsletterInterest[]>(subscription.topics);
  const save = useSaveTopics(push);
  const headingId = useId();
  const toggle = (topic: NewsletterInterest, on: boolean) => setChosen((list) => (on ? [...list, topic] : list.filter((t) => t !== topic)));
  const changed = chosen.length !== subscription.topics.length || chosen.some((t) => !subscription.topics.includes(t));
  return (
    <section className="cr-nudges__part" aria-labelledby={headingId}>
      <h2 id={headingId}>Topics</h2>
      <form
        className="cr-nudges__stack"
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate(
            NEWSLETTER_INTERESTS.filter((t) => chosen.includes(t)),
            { onSuccess: (saved) => onSaved(saved.topics.length ? `Topics saved: ${saved.topics.length} chosen.` : 'Topics saved: none chosen, you get the nudges for everyone.') },
          );
        }}
      >
        <fieldset className="cr-nudges__topics">
          <legend>Besides the nudges for everyone, nudge me about:</legend>
          {NEWSLETTER_INTERESTS.map((topic) => (
            <Checkbox key={topic} label={topic} checked={chosen.includes(topic)} onChange={(e) => toggle(topic, e.target.checked)} />
          ))}
        </fieldset>
        {save.isError && (
          <p role="alert" className="cr-nudges__problem">
            Topics not saved: {errorMessage(save.error)}
          </p>
        )}
        <div>
          <Button type="submit" variant="secondary" loading={save.isPending} loadingLabel="Saving topics" disabled={!changed && !save.isError}>
            Save topics
          </Button>
        </div>
      </form>
    </section>
  );
}

function EmailLink({ onSent }: { onSent: (text: string) => void }) {
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const link = useLinkByEmail();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = nudgeEmailLinkRequestSchema.safeParse({ email });
    if (!parsed.success) {
      setProblem('Enter your email address, like name@example.com.');
      return;
    }
    setProblem(null);
    link.mutate(parsed.data.email, { onSuccess: onSent, onError: (error) => setProblem(errorMessage(error)) });
  };
  return (
    <form className="cr-nudges__stack" onSubmit={submit} noValidate aria-label="Link nudges to your email">
      <p>You are not signed in. Give us your email and we will send a link that ties this browser’s nudges to you.</p>
      <TextField label="Email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} error={problem ?? undefined} required />
      <div>
        <Button type="submit" loading={link.isPending} loadingLabel="Sending the email">
          Email me the link
        </Button>
      </div>
    </form>
  );
}

export interface NotificationsPageProps {
  /** The browser's push calls (a fake one in tests, stories and the standalone demo). */
  push?: PushAdapter;
}

/**
 * /notifications: nudges on this device. Turn them on (the browser's question only after the
 * press) or off, link them to an email when not signed in, choose topics, and see the last nudge
 * this device received.
 */
export function NotificationsPage({ push = browserPushAdapter }: NotificationsPageProps) {
  const supported = push.supported();
  const session = useSession();
  const { search } = useLocation();
  const mine = useMySubscription(supported);
  const device = useDevice(push, supported);
  const turnOn = useTurnOn(push);
  const turnOff = useTurnOff(push);
  const linkAccount = useLinkToAccount();
  const [permission, setPermission] = useState<NotificationPermission>(() => (supported ? push.permission() : 'default'));
  const [result, setResult] = useState('');
  const [emailSent, setEmailSent] = useState<string | null>(null);
  const stateRef = useRef<HTMLHeadingElement>(null);
  const [moveFocus, setMoveFocus] = useState(false);
  const params = new URLSearchParams(search);

  const subscription = mine.data?.subscription ?? null;
  const on = subscription !== null && device.data?.subscription != null;

  useEffect(() => {
    if (!moveFocus) return;
    stateRef.current?.focus();
    setMoveFocus(false);
  }, [moveFocus, on]);

  const pressOn = () => {
    setResult('');
    turnOn.mutate(subscription?.topics ?? [], {
      onSuccess: (made) => {
        setPermission('granted');
        setResult(made.linked ? 'Nudges are on in this browser, linked to your account.' : 'Nudges are on in this browser.');
        setMoveFocus(true);
      },
      onError: (error) => {
        if (error instanceof PushSetupError && error.reason === 'denied') setPermission('denied');
      },
    });
  };
  const pressOff = () => {
    setResult('');
    setEmailSent(null);
    turnOff.mutate(undefined, {
      onSuccess: () => {
        setResult('Nudges are off in this browser.');
        setMoveFocus(true);
      },
    });
  };

  let body;
  if (!supported) {
    body = (
      <p role="alert" className="cr-nudges__problem">
        {UNSUPPORTED_TEXT}
      </p>
    );
  } else if (mine.isPending || device.isPending) {
    body = <Spinner label="Checking this browser’s nudges" />;
  } else if (mine.isError || device.isError) {
    body = (
      <div className="cr-nudges__block">
        <p role="alert" className="cr-nudges__problem">
          Could not check this browser’s nudges: {errorMessage(mine.error ?? device.error)}
        </p>
        <div>
          <Button
            variant="secondary"
            onClick={() => {
              void mine.refetch();
              void device.refetch();
            }}
          >
            Try again
          </Button>
        </div>
      </div>
    );
  } else {
    const turnOnError = turnOn.error && !(turnOn.error instanceof PushSetupError && turnOn.error.reason === 'denied') ? turnOn.error : null;
    body = (
      <>
        <section className="cr-nudges__part" aria-labelledby="cr-nudges-state">
          <h2 id="cr-nudges-state" ref={stateRef} tabIndex={-1}>
            {on ? 'Nudges are on' : 'Nudges are off'}
          </h2>
          {on && subscription ? (
            <>
              <p>
                This browser ({subscription.browser}) gets our nudges.{' '}
                {subscription.linked
                  ? subscription.linked_via === 'email'
                    ? 'They are linked to your email.'
                    : 'They are linked to your account.'
                  : session
                    ? 'They are not linked to your account yet.'
                    : 'They are not linked to anyone yet.'}
              </p>
              {!subscription.linked && session && (
                <div className="cr-nudges__stack">
                  <div>
                    <Button
                      variant="secondary"
                      loading={linkAccount.isPending}
                      loadingLabel="Linking"
                      onClick={() => linkAccount.mutate(undefined, { onSuccess: (linked) => setResult(linked ? 'Nudges in this browser are now linked to your account.' : 'Nudges are not on in this browser any more.') })}
                    >
                      Link to my account
                    </Button>
                  </div>
                  {linkAccount.isError && (
                    <p role="alert" className="cr-nudges__problem">
                      Could not link them to your account: {errorMessage(linkAccount.error)}
                    </p>
                  )}
                </div>
              )}
              {!subscription.linked && !session && (emailSent ? null : <EmailLink onSent={setEmailSent} />)}
              <div>
                <Button variant="secondary" onClick={pressOff} loading={turnOff.isPending} loadingLabel="Turning nudges off">
                  Turn off nudges
                </Button>
              </div>
            </>
          ) : permission === 'denied' ? (
            <Blocked />
          ) : (
            <>
              <p>Turn nudges on and we will tell this device when something is on: cinema tickets out, the lunch run closing. Your browser asks for permission after you press the button.</p>
              <div>
                <Button onClick={pressOn} loading={turnOn.isPending} loadingLabel="Turning nudges on">
                  Turn on nudges
                </Button>
              </div>
            </>
          )}
          {turnOnError && (
            <p role="alert" className="cr-nudges__problem">
              {turnOnError instanceof PushSetupError ? turnOnError.message : `Nudges could not be turned on: ${errorMessage(turnOnError)}`}
            </p>
          )}
          {turnOff.isError && (
            <p role="alert" className="cr-nudges__problem">
              Nudges could not be turned off: {errorMessage(turnOff.error)}
            </p>
          )}
        </section>
        {on && subscription && <Topics key={subscription.id} subscription={subscription} push={push} onSaved={setResult} />}
        <LastNudges recent={mine.data?.recent ?? []} lastReceived={device.data?.lastReceived ?? null} />
      </>
    );
  }

  return (
    <PageFrame title="Notifications" section="common-room" intro="Choose what we nudge you about, on this device.">
      <div className="cr-nudges">
        {params.get('linked') === '1' && <p className="cr-nudges__note">Done: this browser’s nudges are now linked to your email.</p>}
        {params.get('link') === 'invalid' && (
          <p className="cr-nudges__problem" role="alert">
            {NUDGE_ERROR_MESSAGES.link_invalid}
          </p>
        )}
        {body}
        <p role="status" className="cr-nudges__result">
          {emailSent ?? result}
        </p>
      </div>
    </PageFrame>
  );
}

export default NotificationsPage;
