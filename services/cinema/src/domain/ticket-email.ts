import QRCode from 'qrcode';
import { CINEMA_TIME_ZONE, type CinemaTicketEmailPayload } from '@croft/contracts';
import type { MailMessage } from '@croft/service-kit';
import { londonInstant } from './london-time';

// send-cinema-ticket-email (spec 001 §3/§7): the payload of the spec, sent with an .ics calendar
// event (the screening in Europe/London) and one QR code per ticket for the door.

/** How long the calendar event lasts after the screening starts. */
export const SCREENING_LENGTH_MS = 150 * 60_000;

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
/** RFC 5545 TEXT: backslash, semicolon, comma and newlines escaped. */
const icsText = (text: string) => text.replace(/[\\;,]/g, (c) => `\\${c}`).replace(/\r?\n/g, '\\n');
const icsUtc = (at: Date) => at.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');

const weekday = new Intl.DateTimeFormat('en-GB', { weekday: 'long', timeZone: 'UTC' });
const dayMonthYear = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** 'Thursday 26 November 2026' for a London calendar date. */
export function longDate(date: string): string {
  const noon = new Date(`${date}T12:00:00Z`);
  return `${weekday.format(noon)} ${dayMonthYear.format(noon)}`;
}

/**
 * The calendar event: times in UTC (exact across the clock changes, shown in each reader's own
 * zone), doors in the description, a UID per booking so a resend updates the same event.
 */
export function ticketIcs(payload: CinemaTicketEmailPayload, bookingId: string, now: Date): string {
  const start = londonInstant(payload.screeningDate, payload.screeningTime);
  const end = new Date(start.getTime() + SCREENING_LENGTH_MS);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Croft Common//Secret Cinema//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:cinema-${bookingId}@croftcommon`,
    `DTSTAMP:${icsUtc(now)}`,
    `DTSTART:${icsUtc(start)}`,
    `DTEND:${icsUtc(end)}`,
    `SUMMARY:${icsText(payload.title)}`,
    `LOCATION:${icsText('Croft Common, the Hall')}`,
    `DESCRIPTION:${icsText(
      `Doors ${payload.doorsTime}, screening ${payload.screeningTime} (${CINEMA_TIME_ZONE}). Tickets ${payload.ticketNumbers.map((n) => `#${n}`).join(' and ')}: show the QR codes from your email at the door.`,
    )}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  // RFC 5545: CRLF line ends, lines folded at 75 octets.
  return lines.map((line) => line.match(/.{1,74}/g)!.join('\r\n ')).join('\r\n') + '\r\n';
}

export interface TicketEmailInput {
  payload: CinemaTicketEmailPayload;
  bookingId: string;
  /** One QR text per ticket number, in the payload's order. */
  qr: string[];
  now: Date;
}

/** The whole email: text and HTML bodies, the .ics, and a PNG QR code per ticket (inline in the HTML). */
export async function ticketEmail({ payload, bookingId, qr, now }: TicketEmailInput): Promise<MailMessage> {
  const when = `${longDate(payload.screeningDate)}: doors ${payload.doorsTime}, screening ${payload.screeningTime}`;
  const who = payload.guestName ? `${payload.primaryName} and ${payload.guestName}` : payload.primaryName;
  const numbers = payload.ticketNumbers.map((n) => `#${n}`).join(' and ');
  const pngs = await Promise.all(qr.map((text) => QRCode.toBuffer(text, { type: 'png', errorCorrectionLevel: 'M', margin: 2, scale: 8 })));
  const text =
    `Hello ${payload.primaryName},\n\n` +
    `Your Secret Cinema tickets: ${payload.title}.\n${when}.\n` +
    `${payload.quantity === 1 ? 'Ticket' : 'Tickets'} ${numbers} for ${who}.\n\n` +
    `Show the QR codes attached to this email at the door (one per ticket), or tell us the ticket numbers.\n` +
    `The event is attached for your calendar. If you cannot come, cancel from the Hall page up to 24 hours before doors, so someone on the waiting list gets your seats.\n\n` +
    `Croft Common\n`;
  const html =
    `<p>Hello ${escapeHtml(payload.primaryName)},</p>` +
    `<p>Your Secret Cinema tickets: <strong>${escapeHtml(payload.title)}</strong>.<br>${escapeHtml(when)}.</p>` +
    `<p>${payload.quantity === 1 ? 'Ticket' : 'Tickets'} <strong>${numbers}</strong> for ${escapeHtml(who)}.</p>` +
    payload.ticketNumbers
      .map(
        (n, i) =>
          `<p><img src="cid:ticket-${n}@croftcommon" width="240" height="240" alt="QR code for ticket #${n}"><br>Ticket #${n}${i === 1 && payload.guestName ? ` (${escapeHtml(payload.guestName)})` : ''}</p>`,
      )
      .join('') +
    `<p>The event is attached for your calendar. If you cannot come, cancel from the Hall page up to 24 hours before doors, so someone on the waiting list gets your seats.</p><p>Croft Common</p>`;
  return {
    to: payload.toEmail,
    subject: `Your Secret Cinema tickets: ${payload.title}, ${longDate(payload.screeningDate)}`,
    text,
    html,
    attachments: [
      { filename: 'secret-cinema.ics', content: ticketIcs(payload, bookingId, now), contentType: 'text/calendar; charset=utf-8; method=PUBLISH' },
      ...payload.ticketNumbers.map((n, i) => ({ filename: `ticket-${n}.png`, content: pngs[i], contentType: 'image/png', cid: `ticket-${n}@croftcommon` })),
    ],
  };
}
