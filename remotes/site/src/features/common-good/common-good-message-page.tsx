import { useId, useRef, useState, type FormEvent } from 'react';
import { COMMON_GOOD_MESSAGE_MAX } from '@croft/contracts';
import { Link } from '@croft/router';
import { ApiError, type VenueClient } from '@croft/api-client';
import { useSendCommonGoodMessage } from './api/send-message';
import { Button, PageFrame, VisuallyHidden, useToast } from '@croft/ui';
import { TextArea, TextField } from '@croft/ui/forms';
import { messageLength, validateMessage, type MessageFieldErrors, type MessageFormValues } from './message-rules';
import './common-good.css';

export const MESSAGE_PAGE_TEXT = {
  successTitle: 'Message sent',
  successDescription: 'Thank you. The team reads every message.',
  failedTitle: 'Message not sent',
  failedFallback: 'Please try again in a moment.',
  panelHeading: 'Thank you — your message is with us',
} as const;

const EMPTY: MessageFormValues = { name: '', email: '', message: '' };
/** From this many characters left, screen readers hear the count. */
const ANNOUNCE_FROM = 20;

export interface CommonGoodMessagePageProps {
  client?: VenueClient;
}

/** /common-good/message: a short message to the Common Good fund, read by the team before anything is shared. */
export function CommonGoodMessagePage({ client: given }: CommonGoodMessagePageProps) {
  const send = useSendCommonGoodMessage(given);
  const { toast } = useToast();
  const [values, setValues] = useState<MessageFormValues>(EMPTY);
  const [errors, setErrors] = useState<MessageFieldErrors>({});
  const [done, setDone] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const panelHeading = useRef<HTMLHeadingElement>(null);
  const counterId = useId();

  const length = messageLength(values.message);
  const left = COMMON_GOOD_MESSAGE_MAX - length;
  const over = left < 0;

  const set = (field: keyof MessageFormValues) => (event: { target: { value: string } }) => {
    const value = event.target.value;
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (send.isPending) return;
    const { errors: found, request } = validateMessage(values);
    setErrors(found);
    if (!request) {
      const first = (['name', 'email', 'message'] as const).find((f) => found[f]);
      if (first) form.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    try {
      await send.mutateAsync(request);
      setDone(true);
      toast({ title: MESSAGE_PAGE_TEXT.successTitle, description: MESSAGE_PAGE_TEXT.successDescription });
      requestAnimationFrame(() => panelHeading.current?.focus());
    } catch (error) {
      const message =
        error instanceof ApiError && error.code !== 'network_error' && error.code !== 'internal_error' ? error.message : undefined;
      toast({ title: MESSAGE_PAGE_TEXT.failedTitle, description: message ?? MESSAGE_PAGE_TEXT.failedFallback, variant: 'destructive' });
    }
  };

  return (
    <PageFrame
      section="community"
      eyebrow="Common Good"
      title="Send us a message"
      intro="An idea for the fund, a group that needs a hand, or a thank-you: tell us in up to 250 characters."
      className="site-cg"
    >
      <div className="site-cg__narrow">
        {done ? (
          <section className="site-cg__panel" aria-labelledby="site-cg-done">
            <h2 id="site-cg-done" ref={panelHeading} tabIndex={-1} className="site-cg__heading">
              {MESSAGE_PAGE_TEXT.panelHeading}
            </h2>
            <p>
              The team reads every message before anything is shared. If you left an email address and we can help,
              we'll be in touch.
            </p>
            <div className="site-cg__actions">
              <Button
                variant="secondary"
                onClick={() => {
                  setValues(EMPTY);
                  setDone(false);
                }}
              >
                Send another message
              </Button>
              <Link to="/common-good" className="site-cg__text-link">
                Back to the Common Good fund
              </Link>
            </div>
          </section>
        ) : (
          <form ref={form} className="site-cg__panel" noValidate onSubmit={(e) => void submit(e)} aria-label="Message to the Common Good fund">
            <TextArea
              label="Your message"
              name="message"
              rows={5}
              required
              value={values.message}
              onChange={set('message')}
              error={errors.message}
              aria-describedby={counterId}
            />
            <p id={counterId} className="site-cg__counter" data-over={over || undefined}>
              {length} / {COMMON_GOOD_MESSAGE_MAX}
              <VisuallyHidden> characters used</VisuallyHidden>
            </p>
            <VisuallyHidden aria-live="polite">
              {over
                ? `${-left} characters over the limit`
                : left <= ANNOUNCE_FROM
                  ? `${left} characters left`
                  : ''}
            </VisuallyHidden>
            <div className="site-cg__row">
              <TextField
                label="Name (optional)"
                name="name"
                autoComplete="name"
                value={values.name}
                onChange={set('name')}
                error={errors.name}
              />
              <TextField
                label="Email (optional)"
                name="email"
                type="email"
                inputMode="email"
                autoComplete="email"
                hint="Only if you'd like a reply."
                value={values.email}
                onChange={set('email')}
                error={errors.email}
              />
            </div>
            <Button type="submit" loading={send.isPending} loadingLabel="Sending your message">
              Send message
            </Button>
          </form>
        )}
      </div>
    </PageFrame>
  );
}
