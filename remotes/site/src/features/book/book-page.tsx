import { useRef, useState, type FormEvent } from 'react';
import {
  BOOKING_MESSAGE_MAX,
  BOOKING_OCCASIONS,
  BOOKING_OCCASION_LABELS,
  BOOKING_PARTY_MAX,
  BOOKING_PARTY_MIN,
  longBookingDate,
  type BookingRequest,
  type BookingResponse,
} from '@croft/contracts';
import { ApiError, type VenueClient } from '@croft/api-client';
import { useSendBookingEnquiry } from './api/send-booking-enquiry';
import { Button, PageFrame, useToast } from '@croft/ui';
import { Select, TextArea, TextField } from '@croft/ui/forms';
import {
  BOOKING_FIELD_ORDER,
  EMPTY_BOOKING,
  latestBookingDate,
  localToday,
  validateBooking,
  type BookingField,
  type BookingFieldErrors,
  type BookingFormValues,
} from './book-rules';
import './book-page.css';

export const BOOK_MESSAGES = {
  successTitle: 'Enquiry sent',
  successDescription: "We've got it and will reply by email soon.",
  failedTitle: 'Enquiry failed',
  failedFallback: 'Please try again in a moment.',
  panelHeading: "Thanks — we've got your enquiry",
} as const;

const OCCASION_OPTIONS = BOOKING_OCCASIONS.map((value) => ({ value, label: BOOKING_OCCASION_LABELS[value] }));

export interface BookPageProps {
  client?: VenueClient;
  /** Today as YYYY-MM-DD (default: the visitor's calendar). */
  today?: string;
}

interface Sent {
  request: BookingRequest;
  answer: BookingResponse;
}

/** /book: the enquiry form for tables, parties and private hire. */
export function BookPage({ client: given, today: givenToday }: BookPageProps) {
  const send = useSendBookingEnquiry(given);
  const today = givenToday ?? localToday();
  const { toast } = useToast();
  const [values, setValues] = useState<BookingFormValues>(EMPTY_BOOKING);
  const [errors, setErrors] = useState<BookingFieldErrors>({});
  const [sent, setSent] = useState<Sent | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const panelHeading = useRef<HTMLHeadingElement>(null);

  const set = (field: BookingField) => (event: { target: { value: string } }) => {
    const value = event.target.value;
    setValues((v) => ({ ...v, [field]: value }));
    // Clear a field's error as soon as it is edited.
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const focusField = (field: BookingField) => {
    form.current?.querySelector<HTMLElement>(`[name="${field}"]`)?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (send.isPending) return;
    const { errors: found, request } = validateBooking(values, today);
    setErrors(found);
    if (!request) {
      const first = BOOKING_FIELD_ORDER.find((f) => found[f]);
      if (first) focusField(first);
      return;
    }
    try {
      const answer = await send.mutateAsync(request);
      setSent({ request, answer });
      toast({ title: BOOK_MESSAGES.successTitle, description: BOOK_MESSAGES.successDescription });
      requestAnimationFrame(() => panelHeading.current?.focus());
    } catch (error) {
      const message = error instanceof ApiError && error.code !== 'network_error' && error.code !== 'internal_error' ? error.message : undefined;
      if (error instanceof ApiError && error.code === 'invalid_date') {
        setErrors({ date: error.message });
        focusField('date');
      }
      toast({ title: BOOK_MESSAGES.failedTitle, description: message ?? BOOK_MESSAGES.failedFallback, variant: 'destructive' });
    }
  };

  const reset = () => {
    setSent(null);
    setValues(EMPTY_BOOKING);
    setErrors({});
  };

  return (
    <PageFrame
      section="home"
      title="Book"
      eyebrow="Tables, parties and private hire"
      intro="Tell us when you'd like to come and how many of you there are. We reply to every enquiry within a day (two at weekends)."
      className="site-book"
    >
      <div className="site-book__layout">
        {sent ? (
          <section className="site-book__panel" aria-labelledby="site-book-done">
            <h2 id="site-book-done" ref={panelHeading} tabIndex={-1} className="site-book__panel-title">
              {BOOK_MESSAGES.panelHeading}
            </h2>
            <p>
              We'll reply to <strong>{sent.request.email}</strong> to confirm or suggest another time. Your booking isn't
              confirmed until we do.
            </p>
            <dl className="site-book__summary">
              <dt>Date</dt>
              <dd>
                {longBookingDate(sent.request.date)}
                {sent.request.time ? `, ${sent.request.time}` : ''}
              </dd>
              <dt>Party size</dt>
              <dd>{sent.request.party_size}</dd>
              <dt>Occasion</dt>
              <dd>{BOOKING_OCCASION_LABELS[sent.request.occasion]}</dd>
            </dl>
            {sent.answer.guest_email === 'failed' && (
              <p className="site-book__note">
                We couldn't send you a confirmation email, but your enquiry reached us safely.
              </p>
            )}
            {sent.answer.venue_email === 'failed' && (
              <p className="site-book__note">
                Your enquiry is saved, but the alert to our bookings team didn't go out, so our reply may take a little
                longer. If it's for today, please pop in or give us a call.
              </p>
            )}
            <Button variant="secondary" onClick={reset}>
              Send another enquiry
            </Button>
          </section>
        ) : (
          <form ref={form} className="site-book__form" noValidate onSubmit={(e) => void submit(e)} aria-labelledby="site-book-form-title">
            <h2 id="site-book-form-title" className="site-book__form-title">
              Your enquiry
            </h2>
            <p className="site-book__required-note">Fields marked * are required.</p>
            <div className="site-book__row">
              <TextField
                label="Name"
                name="name"
                autoComplete="name"
                required
                value={values.name}
                onChange={set('name')}
                error={errors.name}
              />
              <TextField
                label="Email"
                name="email"
                type="email"
                autoComplete="email"
                inputMode="email"
                required
                value={values.email}
                onChange={set('email')}
                error={errors.email}
              />
            </div>
            <div className="site-book__row">
              <TextField
                label="Date"
                name="date"
                type="date"
                required
                min={today}
                max={latestBookingDate(today)}
                value={values.date}
                onChange={set('date')}
                error={errors.date}
              />
              <TextField
                label="Time (optional)"
                name="time"
                type="time"
                step={900}
                value={values.time}
                onChange={set('time')}
                error={errors.time}
              />
            </div>
            <div className="site-book__row">
              <TextField
                label="Party size"
                name="party_size"
                type="number"
                inputMode="numeric"
                min={BOOKING_PARTY_MIN}
                max={BOOKING_PARTY_MAX}
                step={1}
                required
                value={values.party_size}
                onChange={set('party_size')}
                error={errors.party_size}
              />
              <Select
                label="Occasion"
                name="occasion"
                required
                options={OCCASION_OPTIONS}
                value={values.occasion}
                onChange={set('occasion')}
                error={errors.occasion}
              />
            </div>
            <TextField
              label="Phone (optional)"
              name="phone"
              type="tel"
              autoComplete="tel"
              hint="Only if you'd like a call back."
              value={values.phone}
              onChange={set('phone')}
              error={errors.phone}
            />
            <TextArea
              label="Message (optional)"
              name="message"
              rows={5}
              hint={`Dietary needs, access, a cake to hide: anything that helps (up to ${BOOKING_MESSAGE_MAX.toLocaleString('en-GB')} characters).`}
              value={values.message}
              onChange={set('message')}
              error={errors.message}
            />
            <Button type="submit" size="lg" loading={send.isPending} loadingLabel="Sending your enquiry">
              Send enquiry
            </Button>
          </form>
        )}
        <aside className="site-book__aside" aria-labelledby="site-book-aside-title">
          <h2 id="site-book-aside-title" className="site-book__aside-title">
            Good to know
          </h2>
          <ul>
            <li>Walk-ins are always welcome: we keep most of the building unreserved.</li>
            <li>We suggest booking for six or more, and for Friday and Saturday evenings.</li>
            <li>We hold tables for 15 minutes after the booked time.</li>
            <li>The hall takes up to 150 standing or 90 seated for parties, launches and suppers: choose private hire.</li>
          </ul>
        </aside>
      </div>
    </PageFrame>
  );
}
