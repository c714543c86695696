import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from '@croft/router';
import {
  BIRTHDAY_MONTHS,
  CONSENT_TEXT,
  NEWSLETTER_INTERESTS,
  NEWSLETTER_MESSAGES,
  type NewsletterInterest,
  type SubscribeResponse,
} from '@croft/contracts';
import { ApiError, type NewsletterClient } from '@croft/api-client';
import { Button, ChevronDownIcon, useToast } from '@croft/ui';
import { Checkbox, Select, TextField } from '@croft/ui/forms';
import { useSubscribe } from './api/subscribe';
import {
  EMPTY_NEWSLETTER_FORM,
  checkNewsletterForm,
  type NewsletterField,
  type NewsletterFieldErrors,
  type NewsletterFormValues,
  type NewsletterToastText,
} from './newsletter-rules';
import './newsletter-form.css';

export type NewsletterFormProps = {
  /** The newsletter service client (default: same-origin /api/newsletter). */
  client?: NewsletterClient;
  /** id of the form's section, the target of '/#newsletter' links (default 'newsletter'). */
  id?: string;
  /** Level of the form's heading (default 2: it sits in the footer under the page's h1). */
  headingLevel?: 2 | 3;
  /** Start with these values (stories, or a known member's email). */
  defaultValues?: Partial<NewsletterFormValues>;
};

const DAY_OPTIONS = [
  { value: '', label: 'Not set' },
  ...Array.from({ length: 31 }, (_, i) => ({ value: String(i + 1), label: String(i + 1) })),
];
const MONTH_OPTIONS = [{ value: '', label: 'Not set' }, ...BIRTHDAY_MONTHS.map((m) => ({ value: m, label: m }))];

/** The success toast per answer (spec: "success" toast, wording ours). */
export function subscribedToast(answer: SubscribeResponse): NewsletterToastText {
  const mailNote =
    answer.welcome_email === 'sent'
      ? 'Check your inbox for a welcome from Croft Common.'
      : "We couldn't send your welcome email just now, but you're subscribed.";
  switch (answer.status) {
    case 'updated':
      return { title: "You're already on the list", description: `We've updated your details. ${mailNote}` };
    case 'resubscribed':
      return { title: 'Welcome back', description: `You're on the list again. ${mailNote}` };
    default:
      return { title: "You're on the list", description: mailNote };
  }
}

/** The failure toast's text: the service's message, or the spec's fallback. */
export function failureDescription(error: unknown): string {
  if (error instanceof ApiError && error.status > 0) {
    // invalid_request messages name schema paths: not for visitors (the form checks the same rules first).
    if (error.code === 'invalid_request') return 'Please check your details and try again.';
    if (error.code !== 'http_error' && error.code !== 'invalid_response' && error.message.trim()) return error.message;
  }
  return NEWSLETTER_MESSAGES.failedFallback;
}

/**
 * The footer's newsletter subscription form (spec 001 §2 item 10, §5, §7, §8). Submit stays
 * clickable when the form is empty: the rules run on submit and say what is missing (a toast, an
 * inline message on each field, focus on the first one). Nothing typed is lost on a failure.
 */
export function NewsletterForm({ client: given, id = 'newsletter', headingLevel = 2, defaultValues }: NewsletterFormProps) {
  const subscribe = useSubscribe(given);
  const { toast } = useToast();
  const uid = useId();
  const ids = {
    heading: `${uid}-heading`,
    panel: `${uid}-personalise`,
    interestsHint: `${uid}-interests-hint`,
    interestsError: `${uid}-interests-error`,
    birthdayHint: `${uid}-birthday-hint`,
    day: `${uid}-birthday-day`,
  };

  const [values, setValues] = useState<NewsletterFormValues>({ ...EMPTY_NEWSLETTER_FORM, ...defaultValues });
  const [errors, setErrors] = useState<NewsletterFieldErrors>({});
  const [done, setDone] = useState<string | null>(null);
  const sendingRef = useRef(false);

  const refs = {
    name: useRef<HTMLInputElement>(null),
    email: useRef<HTMLInputElement>(null),
    phone: useRef<HTMLInputElement>(null),
    birthday: useRef<HTMLSelectElement>(null),
    consent: useRef<HTMLInputElement>(null),
    interests: useRef<HTMLInputElement>(null),
  } satisfies Record<NewsletterField, unknown>;
  const doneRef = useRef<HTMLParagraphElement>(null);
  const [focusTarget, setFocusTarget] = useState<{ field: NewsletterField | 'done' } | null>(null);

  // Focus moves after the render that shows the messages, so a screen reader reads the new error.
  useEffect(() => {
    if (!focusTarget) return;
    if (focusTarget.field === 'done') doneRef.current?.focus();
    else refs[focusTarget.field].current?.focus();
    // refs are stable objects; only a new target moves focus.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [focusTarget]);

  const update = <K extends keyof NewsletterFormValues>(key: K, value: NewsletterFormValues[K], field: NewsletterField) => {
    setValues((current) => ({ ...current, [key]: value }));
    setDone(null);
    setErrors((current) => {
      if (current[field] === undefined) return current;
      const next = { ...current };
      delete next[field];
      return next;
    });
  };

  const toggleInterest = (interest: NewsletterInterest, checked: boolean) => {
    const next = checked ? [...values.interests, interest] : values.interests.filter((i) => i !== interest);
    update('interests', next, 'interests');
  };

  const togglePanel = () => {
    const open = !values.personaliseOpen;
    // Closing the panel lifts the interests rule, so its message goes too.
    update('personaliseOpen', open, 'interests');
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sendingRef.current) return;
    const check = checkNewsletterForm(values);
    if (!check.ok) {
      setErrors(check.errors);
      setDone(null);
      toast({ ...check.toast, variant: 'destructive' });
      setFocusTarget({ field: check.firstInvalid });
      return;
    }
    setErrors({});
    sendingRef.current = true;
    try {
      const answer = await subscribe.mutateAsync(check.request);
      const text = subscribedToast(answer);
      toast(text);
      setValues(EMPTY_NEWSLETTER_FORM);
      setDone(`Thanks, ${check.request.name}. ${text.title}.`);
      setFocusTarget({ field: 'done' });
    } catch (error) {
      // Everything typed stays in place; focus stays on the submit button for a retry.
      toast({ title: NEWSLETTER_MESSAGES.failedTitle, description: failureDescription(error), variant: 'destructive' });
    } finally {
      sendingRef.current = false;
    }
  };

  const Heading = headingLevel === 3 ? 'h3' : 'h2';
  const chosen = values.interests.length;

  return (
    <section id={id} className="site-newsletter" aria-labelledby={ids.heading}>
      <Heading id={ids.heading} className="site-newsletter__title">
        Join the newsletter
      </Heading>
      <p className="site-newsletter__intro">
        Events, secret cinema dates and first word on new menus, about twice a month. Subscribing also makes you a Common
        Room member.
      </p>
      <form className="site-newsletter__form" noValidate onSubmit={(event) => void onSubmit(event)} aria-labelledby={ids.heading}>
        <div className="site-newsletter__row">
          <TextField
            ref={refs.name}
            label="Name"
            name="name"
            autoComplete="name"
            required
            value={values.name}
            error={errors.name}
            onChange={(e) => update('name', e.currentTarget.value, 'name')}
          />
          <TextField
            ref={refs.email}
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            inputMode="email"
            spellCheck={false}
            required
            value={values.email}
            error={errors.email}
            onChange={(e) => update('email', e.currentTarget.value, 'email')}
          />
        </div>
        <div className="site-newsletter__row">
          <TextField
            ref={refs.phone}
            label="Phone (optional)"
            name="phone"
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            value={values.phone}
            error={errors.phone}
            onChange={(e) => update('phone', e.currentTarget.value, 'phone')}
          />
          <fieldset className="site-newsletter__birthday" aria-describedby={ids.birthdayHint}>
            <legend className="site-newsletter__legend">Birthday (optional)</legend>
            <p id={ids.birthdayHint} className="site-newsletter__hint">
              Day and month, and we'll send something on the day.
            </p>
            <div className="site-newsletter__birthday-selects">
              <Select
                ref={refs.birthday}
                id={ids.day}
                label="Day"
                name="birthday-day"
                options={DAY_OPTIONS}
                value={values.birthdayDay}
                error={errors.birthday}
                onChange={(e) => update('birthdayDay', e.currentTarget.value, 'birthday')}
                wrapperClassName="site-newsletter__day"
              />
              <Select
                label="Month"
                name="birthday-month"
                options={MONTH_OPTIONS}
                value={values.birthdayMonth}
                aria-describedby={errors.birthday ? `${ids.day}-error` : undefined}
                onChange={(e) => update('birthdayMonth', e.currentTarget.value, 'birthday')}
                wrapperClassName="site-newsletter__month"
              />
            </div>
          </fieldset>
        </div>

        <Checkbox
          ref={refs.consent}
          name="consent"
          required
          checked={values.consent}
          label={CONSENT_TEXT}
          hint={
            <>
              How we look after your details: <Link to="/privacy">privacy notice</Link>.
            </>
          }
          error={errors.consent}
          onChange={(e) => update('consent', e.currentTarget.checked, 'consent')}
        />

        <div className="site-newsletter__personalise">
          <Button
            variant="secondary"
            aria-expanded={values.personaliseOpen}
            aria-controls={ids.panel}
            onClick={togglePanel}
            className="site-newsletter__disclosure"
          >
            Personalise{chosen > 0 ? ` (${chosen} chosen)` : ''}
            <ChevronDownIcon className="site-newsletter__chevron" aria-hidden="true" />
          </Button>
          <div id={ids.panel} hidden={!values.personaliseOpen} className="site-newsletter__panel">
            <fieldset
              className="site-newsletter__interests"
              aria-describedby={[ids.interestsHint, errors.interests ? ids.interestsError : undefined].filter(Boolean).join(' ')}
              aria-invalid={errors.interests ? true : undefined}
            >
              <legend className="site-newsletter__legend">Your interests</legend>
              <p id={ids.interestsHint} className="site-newsletter__hint">
                Pick at least one, and we'll send you more of what you like.
              </p>
              <div className="site-newsletter__interest-grid">
                {NEWSLETTER_INTERESTS.map((interest, index) => (
                  <Checkbox
                    key={interest}
                    ref={index === 0 ? refs.interests : undefined}
                    name="interests"
                    value={interest}
                    label={interest}
                    checked={values.interests.includes(interest)}
                    onChange={(e) => toggleInterest(interest, e.currentTarget.checked)}
                  />
                ))}
              </div>
              {errors.interests && (
                <p id={ids.interestsError} className="cc-field__error">
                  {errors.interests}
                </p>
              )}
            </fieldset>
          </div>
        </div>

        <div className="site-newsletter__actions">
          <Button type="submit" size="lg" loading={subscribe.isPending} loadingLabel="Subscribing" fullWidth>
            Subscribe
          </Button>
          {done && (
            <p ref={doneRef} tabIndex={-1} className="site-newsletter__done">
              {done}
            </p>
          )}
        </div>
      </form>
    </section>
  );
}
