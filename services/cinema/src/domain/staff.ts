import { Types } from 'mongoose';
import type { Actor, CheckInResponse, DoorListResponse, DoorTicket, StaffScreening, UpdateScreeningRequest } from '@croft/contracts';
import type { AuditLog, Clock, Logger, Mailer } from '@croft/service-kit';
import type { CinemaModels, ScreeningDoc, TicketDoc } from '../data/cinema-models';
import type { Cinema } from './cinema';
import { longDate } from './ticket-email';

export type StaffRefusal = 'screening_not_found' | 'version_conflict' | 'capacity_below_sold' | 'screening_cancelled' | 'ticket_not_found' | 'invalid_qr';

export interface CinemaStaffOptions {
  models: CinemaModels;
  cinema: Cinema;
  audit: Pick<AuditLog, 'record'>;
  clock: Clock;
  logger: Logger;
  mailer: Mailer;
}

const validId = (id: string) => Types.ObjectId.isValid(id) && /^[0-9a-f]{24}$/.test(id);

/**
 * The cinema team's staff work (issue 13): screenings (title, times, capacity, cancel), the door
 * list and check-in by ticket number or scanned QR code. Every change is guarded (a version for
 * screenings, an unset checked_in_at for a ticket) and audit-logged.
 */
export function createCinemaStaff(options: CinemaStaffOptions) {
  const { models, cinema, audit, clock, logger, mailer } = options;

  async function view(s: ScreeningDoc): Promise<StaffScreening> {
    const [checkedIn, waiting] = await Promise.all([
      models.ticket.countDocuments({ screening_id: s._id, state: 'valid', checked_in_at: { $ne: null } }),
      models.wait.countDocuments({ screening_id: s._id, state: 'waiting' }),
    ]);
    return {
      id: String(s._id),
      release_id: s.release_id,
      screening_date: s.screening_date,
      title: s.title,
      doors_time: s.doors_time,
      screening_time: s.screening_time,
      capacity: s.capacity,
      tickets_sold: s.capacity - s.tickets_left - s.tickets_held,
      tickets_left: s.tickets_left,
      tickets_held: s.tickets_held,
      waiting,
      checked_in: checkedIn,
      state: s.state,
      cancel_reason: s.cancel_reason,
      version: s.version,
    };
  }

  const doorTicket = (t: TicketDoc): DoorTicket => ({
    number: t.number,
    name: t.name,
    booking_id: String(t.booking_id),
    email: t.email,
    checked_in_at: t.checked_in_at ? t.checked_in_at.toISOString() : null,
  });

  /** Why a guarded screening update found nothing to change. */
  async function whyNot(id: string, version: number, needLeft = 0): Promise<StaffRefusal> {
    const s = await models.screening.findById(id).lean<ScreeningDoc>();
    if (!s) return 'screening_not_found';
    if (s.version !== version) return 'version_conflict';
    if (s.state === 'cancelled') return 'screening_cancelled';
    return s.tickets_left < needLeft ? 'capacity_below_sold' : 'version_conflict';
  }

  return {
    /** The screening on sale (made if need be) and every other screening, newest first. */
    async list(): Promise<{ items: StaffScreening[] }> {
      await cinema.currentScreening();
      const all = await models.screening.find({}).sort({ screening_date: -1 }).limit(24).lean<ScreeningDoc[]>();
      return { items: await Promise.all(all.map(view)) };
    },

    async update(actor: Actor, id: string, change: UpdateScreeningRequest): Promise<StaffScreening | StaffRefusal> {
      if (!validId(id)) return 'screening_not_found';
      const before = await models.screening.findById(id).lean<ScreeningDoc>();
      if (!before) return 'screening_not_found';
      if (before.version !== change.version) return 'version_conflict';
      const delta = change.capacity === undefined ? 0 : change.capacity - before.capacity;
      const set: Record<string, unknown> = { updated_at: clock.now() };
      if (change.title !== undefined) set.title = change.title.trim();
      if (change.doors_time !== undefined) set.doors_time = change.doors_time;
      if (change.screening_time !== undefined) set.screening_time = change.screening_time;
      if (change.capacity !== undefined) set.capacity = change.capacity;
      // One guarded write: the version read, still on sale, and never fewer seats than are sold.
      const after = await models.screening
        .findOneAndUpdate(
          { _id: id, version: change.version, state: 'on_sale', ...(delta < 0 ? { tickets_left: { $gte: -delta } } : {}) },
          { $set: set, $inc: { version: 1, tickets_left: delta } },
          { returnDocument: 'after' },
        )
        .lean<ScreeningDoc>();
      if (!after) return whyNot(id, change.version, -delta);
      const changes = Object.keys(set)
        .filter((k) => k !== 'updated_at')
        .map((k) => `${k}: ${String(before[k as keyof ScreeningDoc])} → ${String(set[k])}`)
        .join('; ');
      await audit.record({ actor, action: 'screening.updated', target: after.release_id, detail: changes || 'no change' });
      if (delta > 0) await cinema.ticketsReturned(after._id, delta);
      return view(after);
    },

    /** Calls a screening off: nothing more can be booked; booked members are emailed. */
    async cancel(actor: Actor, id: string, version: number, reason: string): Promise<StaffScreening | StaffRefusal> {
      if (!validId(id)) return 'screening_not_found';
      const after = await models.screening
        .findOneAndUpdate(
          { _id: id, version, state: 'on_sale' },
          { $set: { state: 'cancelled', cancel_reason: reason.trim(), updated_at: clock.now() }, $inc: { version: 1 } },
          { returnDocument: 'after' },
        )
        .lean<ScreeningDoc>();
      if (!after) return whyNot(id, version);
      await audit.record({ actor, action: 'screening.cancelled', target: after.release_id, detail: reason.trim() });
      const booked = await models.booking.find({ screening_id: after._id, state: 'confirmed' }).lean();
      for (const b of booked) {
        try {
          await mailer.send({
            to: b.email,
            subject: `Secret Cinema on ${longDate(after.screening_date)} is cancelled`,
            text:
              `Hello ${b.primary_name},\n\nWe're sorry: ${after.title} on ${longDate(after.screening_date)} is cancelled.\n` +
              `${reason.trim()}\n\nYour tickets (${b.ticket_numbers.map((n) => `#${n}`).join(' and ')}) are void. See you next month.\n\nCroft Common\n`,
          });
        } catch (error) {
          logger.error({ err: error, booking: String(b._id) }, 'cinema cancellation email failed');
        }
      }
      return view(after);
    },

    async doorList(id: string): Promise<DoorListResponse | StaffRefusal> {
      if (!validId(id)) return 'screening_not_found';
      const s = await models.screening.findById(id).lean<ScreeningDoc>();
      if (!s) return 'screening_not_found';
      const tickets = await models.ticket.find({ screening_id: s._id, state: 'valid' }).sort({ number: 1 }).lean<TicketDoc[]>();
      return { screening: await view(s), tickets: tickets.map(doorTicket) };
    },

    /** Checks a ticket in by its number or its scanned QR code; a second check-in says so. */
    async checkIn(actor: Actor, id: string, by: { ticket_number: number } | { qr: string }): Promise<CheckInResponse | StaffRefusal> {
      if (!validId(id)) return 'screening_not_found';
      if (!(await models.screening.exists({ _id: id }))) return 'screening_not_found';
      const number = 'qr' in by ? cinema.ticketOfQr(id, by.qr) : by.ticket_number;
      if (number === null) return 'invalid_qr';
      const now = clock.now();
      const fresh = await models.ticket
        .findOneAndUpdate({ screening_id: id, number, state: 'valid', checked_in_at: null }, { $set: { checked_in_at: now } }, { returnDocument: 'after' })
        .lean<TicketDoc>();
      if (fresh) {
        await audit.record({ actor, action: 'ticket.checked_in', target: `${id}#${number}`, detail: `${fresh.name} (${'qr' in by ? 'QR' : 'number'})` });
        return { ticket: doorTicket(fresh), already_checked_in: false };
      }
      const ticket = await models.ticket.findOne({ screening_id: id, number, state: 'valid' }).lean<TicketDoc>();
      return ticket ? { ticket: doorTicket(ticket), already_checked_in: true } : 'ticket_not_found';
    },
  };
}

export type CinemaStaff = ReturnType<typeof createCinemaStaff>;
