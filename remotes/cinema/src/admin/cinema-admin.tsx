import { useId, useState, type FormEvent } from 'react';
import type { CheckInRequest, StaffScreening } from '@croft/contracts';
import type { AdminPanelProps } from '@croft/contracts/remotes';
import { createCinemaStaffClient, errorMessage } from '@croft/api-client';
import { useMutation, useQuery, useQueryClient } from '@croft/query';
import { Link } from '@croft/router';
import { getSessionClient } from '@croft/session';
import { Button, Dialog, PageFrame, Spinner, useToast } from '@croft/ui';
import { TextArea, TextField } from '@croft/ui/forms';
import { QrScan } from './qr-scan';
import './cinema-admin.css';

export const cinemaStaffClient = createCinemaStaffClient({
  getAccessToken: () => getSessionClient().getSession()?.access_token ?? null,
});

const keys = {
  screenings: ['staff', 'cinema', 'screenings'] as const,
  door: (id: string) => ['staff', 'cinema', 'door', id] as const,
};


const day = (date: string) =>
  new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T12:00:00Z`)).replace(',', '');
const at = (iso: string) => new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/London' }).format(new Date(iso));

/** Title, times and capacity of the screening, with the version read (a stale save is refused). */
function DetailsForm({ screening }: { screening: StaffScreening }) {
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const [form, setForm] = useState({
    title: screening.title,
    doors_time: screening.doors_time,
    screening_time: screening.screening_time,
    capacity: String(screening.capacity),
  });
  const [problem, setProblem] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: () =>
      cinemaStaffClient.update(screening.id, {
        version: screening.version,
        title: form.title,
        doors_time: form.doors_time,
        screening_time: form.screening_time,
        capacity: Number(form.capacity),
      }),
    onSuccess: async () => {
      setProblem(null);
      toast({ title: 'Screening saved' });
      await queryClient.invalidateQueries({ queryKey: keys.screenings });
    },
    onError: (error) => setProblem(errorMessage(error)),
  });
  const cancelled = screening.state === 'cancelled';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{1,3}$/.test(form.capacity) || Number(form.capacity) < 1) {
      setProblem('The capacity must be a whole number of seats, at least 1.');
      return;
    }
    save.mutate();
  };
  return (
    <form className="ca-form" onSubmit={submit} noValidate aria-label="Screening details">
      <TextField label="Title" value={form.title} onChange={(e) => setForm({ ...form, title: e.target.value })} disabled={cancelled} required />
      <div className="ca-form__row">
        <TextField label="Doors" type="time" value={form.doors_time} onChange={(e) => setForm({ ...form, doors_time: e.target.value })} disabled={cancelled} />
        <TextField
          label="Screening"
          type="time"
          value={form.screening_time}
          onChange={(e) => setForm({ ...form, screening_time: e.target.value })}
          disabled={cancelled}
        />
        <TextField
          label="Seats"
          inputMode="numeric"
          value={form.capacity}
          onChange={(e) => setForm({ ...form, capacity: e.target.value })}
          hint={`${screening.tickets_sold} sold`}
          disabled={cancelled}
        />
      </div>
      {problem && <p role="alert" className="ca-problem">{problem}</p>}
      {!cancelled && (
        <Button type="submit" loading={save.isPending} loadingLabel="Saving">
          Save changes
        </Button>
      )}
    </form>
  );
}

function CancelScreening({ screening }: { screening: StaffScreening }) {
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const cancel = useMutation({
    mutationFn: () => cinemaStaffClient.cancel(screening.id, screening.version, reason),
    onSuccess: async () => {
      toast({ title: 'Screening cancelled', description: 'Everyone with tickets has been emailed.' });
      setOpen(false);
      await queryClient.invalidateQueries({ queryKey: keys.screenings });
    },
    onError: (error) => setProblem(errorMessage(error)),
  });
  if (screening.state === 'cancelled') return <p role="status">Cancelled: {screening.cancel_reason}</p>;
  return (
    <>
      <Button variant="destructive" onClick={() => setOpen(true)}>
        Cancel this screening
      </Button>
      <Dialog open={open} onClose={() => !cancel.isPending && setOpen(false)} title="Cancel this screening?" size="sm" description="Nobody can book any more, and everyone with tickets is emailed your reason.">
        <form
          className="ca-form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (reason.trim().length < 3) {
              setProblem('Say why the screening is cancelled (members are told).');
              return;
            }
            cancel.mutate();
          }}
        >
          <TextArea label="Reason (members see it)" value={reason} onChange={(e) => setReason(e.target.value)} maxLength={300} error={problem ?? undefined} required />
          <div className="ca-form__row">
            <Button type="submit" variant="destructive" loading={cancel.isPending} loadingLabel="Cancelling">
              Cancel screening
            </Button>
            <Button type="button" variant="ghost" onClick={() => setOpen(false)}>
              Keep it
            </Button>
          </div>
        </form>
      </Dialog>
    </>
  );
}

/** The door: check tickets in by number or by scanning their QR code, and the list of who is in. */
function Door({ screening }: { screening: StaffScreening }) {
  const queryClient = useQueryClient();
  const door = useQuery({ queryKey: keys.door(screening.id), queryFn: ({ signal }) => cinemaStaffClient.door(screening.id, { signal }), retry: false });
  const [number, setNumber] = useState('');
  const [scanning, setScanning] = useState(false);
  const [last, setLast] = useState<{ tone: 'ok' | 'warn' | 'bad'; text: string } | null>(null);
  const headingId = useId();
  const checkIn = useMutation({
    mutationFn: (by: CheckInRequest) => cinemaStaffClient.checkIn(screening.id, by),
    onSuccess: async ({ ticket, already_checked_in }) => {
      setLast(
        already_checked_in
          ? { tone: 'warn', text: `Ticket #${ticket.number} (${ticket.name}) was already checked in at ${at(ticket.checked_in_at!)}.` }
          : { tone: 'ok', text: `Ticket #${ticket.number}: welcome, ${ticket.name}.` },
      );
      setNumber('');
      await queryClient.invalidateQueries({ queryKey: keys.door(screening.id) });
      await queryClient.invalidateQueries({ queryKey: keys.screenings });
    },
    onError: (error) => setLast({ tone: 'bad', text: errorMessage(error) }),
  });
  const tickets = door.data?.tickets ?? [];
  const inside = tickets.filter((t) => t.checked_in_at).length;
  return (
    <section className="ca-door" aria-labelledby={headingId}>
      <h2 id={headingId}>Door</h2>
      <form
        className="ca-form__row"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!/^\d{1,4}$/.test(number.trim())) {
            setLast({ tone: 'bad', text: 'Type the number on the ticket (digits only).' });
            return;
          }
          checkIn.mutate({ ticket_number: Number(number.trim()) });
        }}
      >
        <TextField label="Ticket number" inputMode="numeric" value={number} onChange={(e) => setNumber(e.target.value)} autoComplete="off" />
        <Button type="submit" loading={checkIn.isPending} loadingLabel="Checking in">
          Check in
        </Button>
        {!scanning && (
          <Button type="button" variant="secondary" onClick={() => setScanning(true)}>
            Scan QR code
          </Button>
        )}
      </form>
      {scanning && <QrScan onCode={(qr) => checkIn.mutate({ qr })} onClose={() => setScanning(false)} />}
      <p className={`ca-last ca-last--${last?.tone ?? 'none'}`} role="status" aria-live="assertive">
        {last?.text ?? ''}
      </p>
      {door.isPending ? (
        <Spinner label="Loading the door list" />
      ) : door.isError ? (
        <p role="alert">{errorMessage(door.error)}</p>
      ) : (
        <>
          <p>
            {inside} of {tickets.length} in.
          </p>
          <div className="ca-table-wrap" role="region" aria-label="Door list" tabIndex={0}>
            <table className="ca-table">
              <thead>
                <tr>
                  <th scope="col">Ticket</th>
                  <th scope="col">Name</th>
                  <th scope="col">In</th>
                </tr>
              </thead>
              <tbody>
                {tickets.map((t) => (
                  <tr key={t.number}>
                    <td>#{t.number}</td>
                    <td>{t.name}</td>
                    <td>{t.checked_in_at ? at(t.checked_in_at) : '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}

/**
 * /admin/cinema (staff): this month's screening (title, times, seats, cancel) and the door (check
 * tickets in by number or QR code from a phone). The cinema team's panel, loaded into /admin
 * through federation.
 */
export default function CinemaAdmin({ basePath }: AdminPanelProps) {
  const screenings = useQuery({ queryKey: keys.screenings, queryFn: ({ signal }) => cinemaStaffClient.screenings({ signal }), retry: false });
  const [pickedId, setPickedId] = useState<string | null>(null);
  const list = screenings.data ?? [];
  const current = list.find((s) => s.id === pickedId) ?? list[0];
  return (
    <PageFrame
      title="Secret Cinema"
      section="hall"
      eyebrow={
        <Link to="/admin" className="ca-link">
          Staff area
        </Link>
      }
      intro="This month's screening, its seats, and the door."
    >
      <div className="ca" data-base-path={basePath}>
        {screenings.isPending ? (
          <Spinner label="Loading screenings" />
        ) : screenings.isError ? (
          <div role="alert">
            <p>{errorMessage(screenings.error)}</p>
            <Button onClick={() => void screenings.refetch()}>Try again</Button>
          </div>
        ) : current ? (
          <>
            {list.length > 1 && (
              <nav aria-label="Screenings" className="ca-picker">
                {list.map((s) => (
                  <Button key={s.id} size="sm" variant={s.id === current.id ? 'primary' : 'ghost'} aria-current={s.id === current.id ? 'true' : undefined} onClick={() => setPickedId(s.id)}>
                    {s.release_id}
                  </Button>
                ))}
              </nav>
            )}
            <section className="ca-screening" aria-label="Screening">
              <h2>{day(current.screening_date)}</h2>
              <p>
                {current.tickets_sold} sold · {current.tickets_left} left · {current.checked_in} in
              </p>
              <DetailsForm key={`${current.id}-${current.version}`} screening={current} />
              <CancelScreening screening={current} />
            </section>
            <Door key={current.id} screening={current} />
          </>
        ) : (
          <p>No screening yet.</p>
        )}
      </div>
    </PageFrame>
  );
}
