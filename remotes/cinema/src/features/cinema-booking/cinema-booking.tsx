import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  CINEMA_DEFAULT_TITLE,
  CINEMA_MAX_PER_BOOKING,
  CINEMA_MESSAGES,
  CINEMA_NAME_MAX,
  type CinemaBooking as Booking,
  type CinemaStatus,
  type CinemaWaitlistEntry as Waitlisted,
  type CreateCinemaBookingResponse,
} from '@croft/contracts';
import type { RemoteDialogProps } from '@croft/contracts/remotes';
import { EmailSignInDialog } from '@croft/auth-gate';
import { readAgainAfterChange, useQuery, useQueryClient } from '@croft/query';
import { getSessionClient, type Session } from '@croft/session';
import { useSession } from '@croft/session/react';
import { Button, Dialog, Spinner, useToast } from '@croft/ui';
import { ConfirmDialog } from '@croft/ui/confirm-dialog';
import { Select, TextField } from '@croft/ui/forms';
import { cinemaClient, cinemaKeys, cinemaMemberQuery, cinemaStatusQuery, errorCode, identityClient, serviceMessage } from './api/cinema-api';
import { londonWhen, screeningDay } from './when';
import './cinema-booking.css';

export type CinemaBookingProps = RemoteDialogProps;

type Quantity = 1 | 2;
interface FormState {
  primaryName: string;
  guestName: string;
  quantity: Quantity;
}
const EMPTY_FORM: FormState = { primaryName: '', guestName: '', quantity: 1 };

const ticketList = (numbers: readonly number[]) => numbers.map((n) => `#${n}`).join(' and ');

function ScreeningSummary({ status }: { status: CinemaStatus }) {
  return (
    <dl className="cb-summary">
      <div>
        <dt>When</dt>
        <dd>{screeningDay(status.screening_date)}</dd>
      </div>
      <div>
        <dt>Doors</dt>
        <dd>{status.doors_time}</dd>
      </div>
      <div>
        <dt>Screening</dt>
        <dd>{status.screening_time}</dd>
      </div>
      <div>
        <dt>Tickets left</dt>
        <dd>{status.state === 'cancelled' ? 'Cancelled' : status.is_sold_out ? 'Sold out' : status.tickets_left}</dd>
      </div>
    </dl>
  );
}

/** The member's tickets: numbers, Resend email, Cancel (until 24 h before doors), Done. */
function MyTickets({ booking, email, onDone, onChanged }: { booking: Booking; email: string | null; onDone: () => void; onChanged: () => void }) {
  const { toast } = useToast();
  const [resending, setResending] = useState(false);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const cancellable = Date.now() < Date.parse(booking.cancellable_until);

  const resend = async () => {
    setResending(true);
    try {
      await cinemaClient.resend();
      toast({ title: CINEMA_MESSAGES.emailSent.title, description: email ? `Your tickets are on their way to ${email}.` : undefined });
    } catch (error) {
      if (errorCode(error) === 'booking_not_found') toast({ ...CINEMA_MESSAGES.noBookingToEmail, variant: 'destructive' });
      else toast({ ...CINEMA_MESSAGES.resendFailed, variant: 'destructive' });
    } finally {
      setResending(false);
    }
  };

  return (
    <div className="cb-tickets">
      <p className="cb-tickets__numbers" role="status">
        {booking.quantity === 1 ? 'Ticket' : 'Tickets'} <strong>{ticketList(booking.ticket_numbers)}</strong>
      </p>
      <p>
        For {booking.guest_name ? `${booking.primary_name} and ${booking.guest_name}` : booking.primary_name}. Show the QR codes from your email at
        the door, or give us the numbers.
      </p>
      <div className="cb-actions">
        <Button onClick={resend} loading={resending} loadingLabel="Sending">
          Resend email
        </Button>
        <Button variant="ghost" onClick={onDone}>
          Done
        </Button>
      </div>
      {cancellable ? (
        <p className="cb-muted">
          Can't come? Cancel by {londonWhen(booking.cancellable_until)} and your seats go to someone else.{' '}
          <Button variant="secondary" size="sm" onClick={() => setConfirmCancel(true)}>
            Cancel my tickets
          </Button>
        </p>
      ) : (
        <p className="cb-muted">Cancelling closed 24 hours before doors.</p>
      )}
      <ConfirmDialog
        open={confirmCancel}
        onClose={() => setConfirmCancel(false)}
        title="Cancel your tickets?"
        message={`Tickets ${ticketList(booking.ticket_numbers)} go back on sale. You can book again while any are left.`}
        confirmLabel="Cancel tickets"
        cancelLabel="Keep them"
        destructive
        errorFallback="Your tickets could not be cancelled. Please try again."
        onConfirm={async () => {
          await cinemaClient.cancel();
          toast({ title: 'Tickets cancelled', description: 'Your seats are back on sale.' });
          onChanged();
        }}
      />
    </div>
  );
}

/**
 * Secret Cinema booking (spec 001 §2 modal 9, §4): the screening's status, the form (your name, 1
 * or 2 tickets, a guest's name for 2), booking, and the confirmation with the ticket numbers,
 * Resend email and Done. A member who has booked sees their tickets (and Cancel); a sold-out
 * screening offers the waiting list. Closing resets the form. Every refusal in the spec's words.
 */
export default function CinemaBooking({ open, onClose }: CinemaBookingProps) {
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const session = useSession();
  const userId = session?.user.id ?? null;
  const status = useQuery({ ...cinemaStatusQuery(), enabled: open });
  const member = useQuery({ ...cinemaMemberQuery(userId ?? 'signed-out'), enabled: open && userId !== null });
  const [form, setForm] = useState<FormState>(EMPTY_FORM);
  const [busy, setBusy] = useState(false);
  const [confirmed, setConfirmed] = useState<CreateCinemaBookingResponse | null>(null);
  const [signingIn, setSigningIn] = useState(false);
  const [afterSignIn, setAfterSignIn] = useState<'book' | 'wait' | null>(null);
  const loadToast = useRef(false);

  const statusData = status.data;
  const oneLeft = statusData?.state === 'on_sale' && statusData.tickets_left === 1;

  // Spec 001 §4: quantity 2 falls back to 1 when only one ticket is left.
  useEffect(() => {
    if (oneLeft && form.quantity === 2) setForm((f) => ({ ...f, quantity: 1, guestName: '' }));
  }, [oneLeft, form.quantity]);

  useEffect(() => {
    if (status.isError && !loadToast.current) {
      loadToast.current = true;
      toast({ title: CINEMA_MESSAGES.loadFailed.title, description: serviceMessage(status.error) ?? CINEMA_MESSAGES.loadFailed.description, variant: 'destructive' });
    }
    if (!status.isError) loadToast.current = false;
  }, [status.isError, status.error, toast]);

  // After a change, read both again, restarting a read that left before it (signing in starts the
  // member's first read as the waiting-list join goes out).
  const refresh = () => void readAgainAfterChange(queryClient, [cinemaKeys.status, ...(userId ? [cinemaKeys.member(userId)] : [])]);

  const close = () => {
    // Closing resets the form (spec 001 §4).
    setForm(EMPTY_FORM);
    setConfirmed(null);
    setBusy(false);
    setAfterSignIn(null);
    onClose();
  };

  /** The checks of spec 001 §5 in order; answers false (with its toast) when the booking cannot go. */
  function checked(s: CinemaStatus | undefined, wantsWaitlist = false): s is CinemaStatus {
    if (!s) {
      toast({ ...CINEMA_MESSAGES.notReady, variant: 'destructive' });
      return false;
    }
    if (!wantsWaitlist && (s.is_sold_out || s.tickets_left === 0)) {
      toast({ ...CINEMA_MESSAGES.soldOut, variant: 'destructive' });
      return false;
    }
    if (!form.primaryName.trim()) {
      toast({ ...CINEMA_MESSAGES.nameRequired, variant: 'destructive' });
      return false;
    }
    if (!wantsWaitlist && form.quantity === 2 && s.tickets_left < 2) {
      toast({ ...CINEMA_MESSAGES.onlyOneLeft, variant: 'destructive' });
      setForm((f) => ({ ...f, quantity: 1, guestName: '' }));
      return false;
    }
    if (form.quantity === 2 && !form.guestName.trim()) {
      toast({ ...CINEMA_MESSAGES.guestRequired, variant: 'destructive' });
      return false;
    }
    return true;
  }

  const input = (s: CinemaStatus) => ({
    screening_id: s.screening_id,
    primary_name: form.primaryName.trim(),
    quantity: form.quantity,
    ...(form.quantity === 2 ? { guest_name: form.guestName.trim() } : {}),
  });

  /** A booking went through (from the form or the seats held for the member): show it and say so. */
  function onBooked(answer: Awaited<ReturnType<typeof cinemaClient.book>>) {
    setConfirmed(answer);
    toast({ title: CINEMA_MESSAGES.bookingConfirmed.title, description: `Your ${answer.ticket_numbers.length === 1 ? 'ticket' : 'tickets'}: ${ticketList(answer.ticket_numbers)}` });
    if (!answer.email_sent) toast({ ...CINEMA_MESSAGES.emailFailedAfterBooking, variant: 'destructive' });
  }

  async function book() {
    if (!checked(statusData)) return;
    if (!getSessionClient().getSession()) {
      setAfterSignIn('book');
      setSigningIn(true);
      return;
    }
    setBusy(true);
    try {
      onBooked(await cinemaClient.book(input(statusData)));
      refresh();
    } catch (error) {
      const code = errorCode(error);
      if (code === 'only_one_left') {
        toast({ ...CINEMA_MESSAGES.onlyOneLeft, variant: 'destructive' });
        setForm((f) => ({ ...f, quantity: 1, guestName: '' }));
      } else if (code === 'sold_out') {
        toast({ ...CINEMA_MESSAGES.soldOut, variant: 'destructive' });
      } else {
        toast({ title: CINEMA_MESSAGES.bookingFailed.title, description: serviceMessage(error) ?? CINEMA_MESSAGES.bookingFailed.description, variant: 'destructive' });
      }
      refresh();
    } finally {
      setBusy(false);
    }
  }

  async function joinWaitlist() {
    if (!checked(statusData, true)) return;
    if (!getSessionClient().getSession()) {
      setAfterSignIn('wait');
      setSigningIn(true);
      return;
    }
    setBusy(true);
    try {
      const entry = await cinemaClient.joinWaitlist(input(statusData));
      toast({ title: "You're on the waiting list", description: `Number ${entry.position} in line. We'll email you if seats come back.` });
      refresh();
    } catch (error) {
      toast({ title: 'Could not join the waiting list', description: serviceMessage(error) ?? 'Please try again', variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  /** Books the seats held for the member from the waiting list, with the names they joined with. */
  async function bookHeld(entry: Waitlisted) {
    if (!statusData) {
      toast({ ...CINEMA_MESSAGES.notReady, variant: 'destructive' });
      return;
    }
    setBusy(true);
    try {
      onBooked(
        await cinemaClient.book({
          screening_id: statusData.screening_id,
          primary_name: entry.primary_name,
          quantity: entry.quantity as Quantity,
          ...(entry.quantity === 2 && entry.guest_name ? { guest_name: entry.guest_name } : {}),
        }),
      );
    } catch (error) {
      toast({ title: CINEMA_MESSAGES.bookingFailed.title, description: serviceMessage(error) ?? CINEMA_MESSAGES.bookingFailed.description, variant: 'destructive' });
    } finally {
      setBusy(false);
      refresh();
    }
  }

  // Signed in from the booking: carry on with what the member asked for.
  useEffect(() => {
    if (!session || !afterSignIn) return;
    const next = afterSignIn;
    setAfterSignIn(null);
    if (next === 'book') void book();
    else void joinWaitlist();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs once per sign-in
  }, [session, afterSignIn]);

  if (signingIn && !session) {
    return (
      <EmailSignInDialog
        open={open}
        onClose={() => {
          setSigningIn(false);
          setAfterSignIn(null);
        }}
        client={identityClient}
        createUser={false}
        title="Sign in to book"
        notice="Secret Cinema is for newsletter members. Sign in with the email you subscribed with: we'll email you a 6-digit code."
        onSignedIn={(signedIn) => {
          getSessionClient().setSession(signedIn as Session);
          setSigningIn(false);
        }}
      />
    );
  }

  const title = statusData?.title ?? CINEMA_DEFAULT_TITLE;
  const booking = confirmed?.booking ?? member.data?.booking ?? null;
  const waiting = member.data?.waitlist ?? null;
  const soldOut = statusData ? statusData.is_sold_out || statusData.tickets_left === 0 : false;

  let body;
  if (status.isPending) {
    body = <Spinner label="Loading this month's screening" />;
  } else if (status.isError || !statusData) {
    body = (
      <div className="cb-problem" role="alert">
        <p>{CINEMA_MESSAGES.loadFailed.title}.</p>
        <Button onClick={() => void status.refetch()} loading={status.isFetching} loadingLabel="Trying again">
          Try again
        </Button>
      </div>
    );
  } else if (booking) {
    body = (
      <>
        <ScreeningSummary status={statusData} />
        {confirmed && <p className="cb-notice">{CINEMA_MESSAGES.bookingConfirmed.title}: see you at the Hall.</p>}
        <MyTickets booking={booking} email={session?.user.email ?? null} onDone={close} onChanged={() => (setConfirmed(null), refresh())} />
      </>
    );
  } else if (statusData.state === 'cancelled') {
    body = (
      <>
        <ScreeningSummary status={statusData} />
        <p role="status">This month's screening has been cancelled. We're sorry: see you next month.</p>
      </>
    );
  } else if (waiting) {
    body = (
      <>
        <ScreeningSummary status={statusData} />
        <p role="status" className="cb-notice">
          {waiting.state === 'offered' && waiting.hold_expires_at
            ? `Seats came back for you: book them by ${londonWhen(waiting.hold_expires_at)}.`
            : `You're on the waiting list: number ${waiting.position} in line for ${waiting.quantity === 1 ? '1 ticket' : '2 tickets'}. We'll email you if seats come back.`}
        </p>
        {waiting.state === 'offered' && (
          <Button onClick={() => void bookHeld(waiting)} loading={busy} loadingLabel="Booking" fullWidth>
            {waiting.quantity === 2 ? 'Book my 2 tickets' : 'Book my ticket'}
          </Button>
        )}
        <Button
          variant="secondary"
          onClick={async () => {
            try {
              await cinemaClient.leaveWaitlist();
              toast({ title: 'You left the waiting list' });
            } catch (error) {
              toast({ title: 'Could not leave the waiting list', description: serviceMessage(error) ?? 'Please try again', variant: 'destructive' });
            }
            refresh();
          }}
        >
          Leave the waiting list
        </Button>
      </>
    );
  } else {
    body = (
      <>
        <ScreeningSummary status={statusData} />
        <form
          className="cb-form"
          noValidate
          onSubmit={(event: FormEvent) => {
            event.preventDefault();
            void (soldOut ? joinWaitlist() : book());
          }}
        >
          {soldOut && (
            <p role="status" className="cb-notice">
              {CINEMA_MESSAGES.soldOut.description} Join the waiting list and we'll email you, in turn, if seats come back.
            </p>
          )}
          <TextField
            label="Your name"
            autoComplete="name"
            maxLength={CINEMA_NAME_MAX}
            value={form.primaryName}
            onChange={(e) => setForm((f) => ({ ...f, primaryName: e.target.value }))}
            required
          />
          <Select
            label="Tickets"
            value={String(form.quantity)}
            onChange={(e) => setForm((f) => ({ ...f, quantity: Number(e.target.value) as Quantity, guestName: e.target.value === '1' ? '' : f.guestName }))}
            options={Array.from({ length: CINEMA_MAX_PER_BOOKING }, (_, i) => ({
              value: String(i + 1),
              label: i === 0 ? '1 ticket' : `${i + 1} tickets`,
              disabled: i + 1 > 1 && oneLeft,
            }))}
            hint={oneLeft ? 'Only one ticket is left.' : undefined}
          />
          {form.quantity === 2 && (
            <TextField
              label="Your guest's name"
              maxLength={CINEMA_NAME_MAX}
              value={form.guestName}
              onChange={(e) => setForm((f) => ({ ...f, guestName: e.target.value }))}
              required
            />
          )}
          <Button type="submit" loading={busy} loadingLabel={soldOut ? 'Joining' : 'Booking'} fullWidth>
            {soldOut ? 'Join the waiting list' : form.quantity === 2 ? 'Book 2 tickets' : 'Book 1 ticket'}
          </Button>
          {!session && <p className="cb-muted">For newsletter members: you'll sign in with an emailed code.</p>}
        </form>
      </>
    );
  }

  return (
    <Dialog open={open} onClose={close} title={title} description="One film a month, on the last Thursday. Members only." size="md">
      <div className="cb">{body}</div>
    </Dialog>
  );
}
export { CinemaBooking };
