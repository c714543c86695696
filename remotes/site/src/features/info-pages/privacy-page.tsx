import type { ReactNode } from 'react';
import { PageFrame } from '@croft/ui';
import { ANALYTICS_RECORDS, PRIVACY_CONSENT_VERSION, PRIVACY_EMAIL, PRIVACY_NOTICE_UPDATED, RETENTION_RULES } from './privacy-notice';
import { PrivacyAnalyticsControl } from './privacy-analytics-control';
import './info-pages.css';

type Section = { id: string; title: string; body: ReactNode };

const mail = <a href={`mailto:${PRIVACY_EMAIL}`}>{PRIVACY_EMAIL}</a>;

const SECTIONS: readonly Section[] = [
  {
    id: 'privacy-who',
    title: 'Who we are',
    body: (
      <>
        <p>
          Croft Common runs the venue in Bristol and this website, and decides what happens to the personal data described
          here (we are its &ldquo;controller&rdquo;). Questions and requests about your data go to {mail}.
        </p>
        <p>
          In short: we keep what we need to send the newsletter, run the Common Room, take your bookings and keep the site
          working, and we count visits to the site with our own simple analytics, which you can turn off. We do not sell
          your data, and we run no advertising trackers or third-party analytics.
        </p>
      </>
    ),
  },
  {
    id: 'privacy-newsletter',
    title: 'The newsletter',
    body: (
      <>
        <p>When you subscribe in the footer we store:</p>
        <ul>
          <li>your email address and name (required);</li>
          <li>
            if you give them: your phone number, your birthday (day and month only, never the year) and the interests you
            tick under Personalise;
          </li>
          <li>
            evidence of your consent: the time you agreed, the version of the consent sentence you saw (currently{' '}
            <code>{PRIVACY_CONSENT_VERSION}</code>), your IP address and your browser&rsquo;s user agent. Each time you
            subscribe again a new record is added; we keep the newest 20.
          </li>
        </ul>
        <p>
          Every email carries a one-click unsubscribe link. The secret in that link is random and we store only a scrambled
          (hashed) copy of it. An active subscription is also what makes you a Common Room member, so unsubscribing ends
          the members&rsquo; perks as well.
        </p>
        <p>
          <strong>Why:</strong> to send you the newsletter and the welcome email, and to know you are a member. Our lawful
          basis is your consent, which you can withdraw at any time by unsubscribing.
        </p>
      </>
    ),
  },
  {
    id: 'privacy-sign-in',
    title: 'Signing in',
    body: (
      <>
        <ul>
          <li>
            <strong>Email codes.</strong> We email you a 6-digit code. We keep only a keyed hash of it, it lasts 10
            minutes and works once.
          </li>
          <li>
            <strong>Sessions.</strong> Signing in sets one cookie, <code>cc_refresh</code>: httpOnly (page scripts cannot
            read it), SameSite=Lax, sent only to our sign-in service. We store only a hash of its value. It lasts 30 days
            from your last visit and never more than 90 days. The short-lived access pass (10 minutes) is held in the
            page&rsquo;s memory only.
          </li>
          <li>
            <strong>Passkeys (Face ID, fingerprint, device PIN).</strong> We store the passkey&rsquo;s public key, its id,
            a signature counter, the name of the passkey manager (for example iCloud Keychain) and when it was created and
            last used. Your face, fingerprint and the private key never leave your device.
          </li>
          <li>
            <strong>Authenticator apps.</strong> If you turn on two-step sign-in, the app&rsquo;s secret is stored
            encrypted.
          </li>
          <li>Staff and editor accounts also carry their role.</li>
        </ul>
        <p>
          <strong>Why:</strong> to give you the members&rsquo; area you asked for (our contract with you) and to keep
          accounts safe (our legitimate interest).
        </p>
      </>
    ),
  },
  {
    id: 'privacy-device',
    title: 'What we keep on your device',
    body: (
      <>
        <ul>
          <li>
            the <code>cc_refresh</code> sign-in cookie described above (only once you sign in);
          </li>
          <li>
            in local storage: a random passkey handle, whether this device has a passkey, when you last unlocked the
            members&rsquo; area here, and a flag that you are signed in;
          </li>
          <li>
            in session storage (gone when you close the tab): whether the intro has played, when a passkey was last set
            up, and the random visit id of our site analytics (see below);
          </li>
          <li>in local storage, only if you turn site analytics off: that choice.</li>
        </ul>
        <p>None of these are advertising cookies, and nothing here is shared with anyone else.</p>
      </>
    ),
  },
  {
    id: 'privacy-loyalty',
    title: 'Loyalty card',
    body: (
      <>
        <p>
          For each member&rsquo;s card we store the photos you take for its boxes (re-encoded on our side, so no location,
          camera or other metadata is kept), which box each is in and when, the card&rsquo;s progress (punches, rewards,
          when it started and was completed), and how many photos you added today (kept a few days, for the daily limit).
        </p>
        <p>
          Only you see your photos, through links that stop working after an hour. Staff can look a card up by email to
          help at the counter and remove a photo that should not count; each removal is logged with who did it and why.
          Delete any photo yourself from your card at any time, or ask us to delete your cards altogether.
        </p>
      </>
    ),
  },
  {
    id: 'privacy-bookings',
    title: 'Secret cinema and booking enquiries',
    body: (
      <>
        <p>
          <strong>Secret cinema:</strong> your booking (your name, your guest&rsquo;s name if you bring one, your email,
          the ticket numbers, when you booked, cancelled and were emailed the tickets), so we can send your tickets with
          their QR codes and let you in at the door. Cancel up to 24 hours before doors and your seats go back on sale.
        </p>
        <p>
          <strong>Booking enquiries</strong> from the BOOK page: your name, email, the date, the party size, the occasion
          and your message. They are emailed to our events team, and you get a copy to confirm we have it.
        </p>
        <p>
          <strong>Why:</strong> to answer and honour your booking (steps you asked us to take).
        </p>
      </>
    ),
  },
  {
    id: 'privacy-common-good',
    title: 'Common Good messages',
    body: (
      <p>
        Messages you send to the Common Good fund are stored with the time and read by our team before anything is
        published. Please leave out details you would not want on the wall. Your IP address is counted for a short while to
        stop floods of messages.
      </p>
    ),
  },
  {
    id: 'privacy-analytics',
    title: 'Site analytics',
    body: (
      <>
        <p>
          To learn how many people come, from where, what they look at and what they press, the site records the facts
          below and sends them to our own server (no one else&rsquo;s). It starts only once a page has finished loading.
        </p>
        {ANALYTICS_RECORDS.map((record) => (
          <div key={record.name} className="site-privacy-analytics__record">
            <h3 className="site-privacy-analytics__h3">{record.name}</h3>
            <p>Recorded {record.when}:</p>
            <ul>
              {record.fields.map((field, i) => (
                <li key={field}>
                  {field}
                  {i === record.fields.length - 1 ? '.' : ';'}
                </li>
              ))}
            </ul>
          </div>
        ))}
        <h3 className="site-privacy-analytics__h3">What it never records</h3>
        <ul>
          <li>no cookies: analytics set none, and the visit id above is forgotten when you close the tab;</li>
          <li>nothing you type: form fields are never read, only the labels of the buttons you press;</li>
          <li>
            no part of an address after a &ldquo;?&rdquo; or &ldquo;#&rdquo;, because those can carry codes and sign-in
            links;
          </li>
          <li>
            no IP address. To count different visitors, our server mixes your address and browser name with a secret that
            changes every day and keeps only the scrambled result (a hash); the day&rsquo;s secret is then thrown away,
            so the hash cannot be turned back into your address or linked to another day;
          </li>
          <li>nothing at all from areas of a page we mark as private.</li>
        </ul>
        <h3 className="site-privacy-analytics__h3">How long</h3>
        <p>
          The records above are kept for 13 months, then deleted. After that we keep only daily totals (such as how many
          people viewed a page on a day), which say nothing about any one visitor.
        </p>
        <h3 className="site-privacy-analytics__h3">Your choice</h3>
        <p>
          If your browser sends <strong>Do Not Track</strong> or <strong>Global Privacy Control</strong>, nothing is
          recorded at all: the analytics code is not even loaded. You can also turn analytics off for this browser here.
          Our lawful basis is our legitimate interest in running a site that works for our guests.
        </p>
        <PrivacyAnalyticsControl />
      </>
    ),
  },
  {
    id: 'privacy-sharing',
    title: 'Who else sees it',
    body: (
      <p>
        Only the companies that run things for us: our hosting provider (where the site and database live) and our email
        delivery provider (which sends codes, tickets and newsletters). They act on our instructions only. We do not sell
        or rent personal data, and we share it with others only when the law requires it.
      </p>
    ),
  },
];

/**
 * /privacy: the privacy notice, matching what the site actually stores (newsletter and consent
 * evidence, sign-in, device storage, booking enquiries, Common Good messages, the loyalty card,
 * Secret Cinema, site analytics with its opt-out), with retention periods and rights.
 */
export function PrivacyPage() {
  return (
    <PageFrame
      section="home"
      eyebrow="Privacy notice"
      title="Your data at Croft Common"
      intro={`What we collect, why, for how long, and how to get it changed or deleted. Last updated ${PRIVACY_NOTICE_UPDATED}.`}
      className="site-info"
    >
      <nav className="site-info__toc" aria-label="On this page">
        <h2 className="site-info__toc-title">On this page</h2>
        <ol>
          {SECTIONS.map((s) => (
            <li key={s.id}>
              <a href={`#${s.id}`}>{s.title}</a>
            </li>
          ))}
          <li>
            <a href="#privacy-retention">How long we keep it</a>
          </li>
          <li>
            <a href="#privacy-rights">Your rights</a>
          </li>
        </ol>
      </nav>

      {SECTIONS.map((s) => (
        <section key={s.id} id={s.id} className="site-info__section" aria-labelledby={`${s.id}-title`}>
          <h2 id={`${s.id}-title`} className="site-info__h2">
            {s.title}
          </h2>
          {s.body}
        </section>
      ))}

      <section id="privacy-retention" className="site-info__section" aria-labelledby="privacy-retention-title">
        <h2 id="privacy-retention-title" className="site-info__h2">
          How long we keep it
        </h2>
        {/* Focusable so a keyboard can scroll it when it is wider than a phone. */}
        <div className="site-info__table-wrap" role="region" aria-label="Retention periods" tabIndex={0}>
          <table className="site-info__table">
            <caption className="site-info__caption">Retention periods</caption>
            <thead>
              <tr>
                <th scope="col">What</th>
                <th scope="col">Kept for</th>
              </tr>
            </thead>
            <tbody>
              {RETENTION_RULES.map((rule) => (
                <tr key={rule.what}>
                  <th scope="row">{rule.what}</th>
                  <td>{rule.kept}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <section id="privacy-rights" className="site-info__section" aria-labelledby="privacy-rights-title">
        <h2 id="privacy-rights-title" className="site-info__h2">
          Your rights
        </h2>
        <ul>
          <li>
            <strong>Unsubscribe in one click</strong> with the link at the foot of every newsletter; your mail app&rsquo;s
            own unsubscribe button works too.
          </li>
          <li>
            <strong>See your data:</strong> ask for a copy of what we hold about you, in a portable format if you like.
          </li>
          <li>
            <strong>Correct it</strong> if anything is wrong. Subscribing again with the same email updates your details.
          </li>
          <li>
            <strong>Delete it:</strong> ask us to erase your data; we keep only what the law makes us keep.
          </li>
          <li>
            <strong>Object or restrict:</strong> tell us to stop using your data for any purpose based on our legitimate
            interests.
          </li>
        </ul>
        <p>
          Write to {mail} from the address you used with us. We answer within one month, free of charge. If you are not
          happy with our answer you can complain to the Information Commissioner&rsquo;s Office (
          <a href="https://ico.org.uk/make-a-complaint/">ico.org.uk</a>).
        </p>
      </section>
    </PageFrame>
  );
}
