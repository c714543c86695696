import { BOOKING_OCCASION_LABELS, longBookingDate, type BookingRequestParsed } from '@croft/contracts';
import type { MailMessage } from '@croft/service-kit';

export const GUEST_ACK_SUBJECT = "We've got your booking enquiry";

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** '2027-03-14' → 'Sunday 14 March 2027' (shared with the /book page). */
export const longDate = longBookingDate;

function details(input: BookingRequestParsed): [string, string][] {
  const rows: [string, string][] = [
    ['Name', input.name],
    ['Email', input.email],
  ];
  if (input.phone) rows.push(['Phone', input.phone]);
  rows.push(['Date', longDate(input.date)]);
  rows.push(['Time', input.time ?? 'Not given']);
  rows.push(['Party size', String(input.party_size)]);
  rows.push(['Occasion', BOOKING_OCCASION_LABELS[input.occasion]]);
  return rows;
}

function htmlDetails(rows: [string, string][], message: string | undefined): string {
  const table = rows
    .map(([k, v]) => `<tr><th align="left" style="padding-right:1em">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`)
    .join('');
  const note = message ? `<p><strong>Message</strong></p><p style="white-space:pre-wrap">${escapeHtml(message)}</p>` : '';
  return `<table>${table}</table>${note}`;
}

/** To the venue's bookings inbox; Reply-To is the guest, so a reply goes straight to them. */
export function buildVenueEmail(input: BookingRequestParsed, to: string, id: string): MailMessage {
  const rows = details(input);
  const subject = `Booking enquiry: ${input.name}, ${input.party_size} on ${input.date}${input.time ? ` at ${input.time}` : ''}`;
  const text = [
    'A new booking enquiry from the website.',
    '',
    ...rows.map(([k, v]) => `${k}: ${v}`),
    '',
    input.message ? `Message:\n${input.message}` : 'No message.',
    '',
    `Reference: ${id}`,
    'Reply to this email to answer the guest.',
  ].join('\n');
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">',
    '<p>A new booking enquiry from the website.</p>',
    htmlDetails(rows, input.message),
    `<p style="font-size:0.875em">Reference: ${escapeHtml(id)}. Reply to this email to answer the guest.</p>`,
    '</body></html>',
  ].join('');
  return { to, subject, text, html, headers: { 'Reply-To': input.email } };
}

/** The guest's acknowledgement: what we received and what happens next. */
export function buildGuestEmail(input: BookingRequestParsed, venueEmail: string): MailMessage {
  const rows = details(input).filter(([k]) => k !== 'Email');
  const text = [
    `Hi ${input.name},`,
    '',
    "Thanks for your booking enquiry. We've got it, and one of the team will reply within a day",
    '(two at weekends) to confirm or suggest another time. Your table is not booked until we confirm.',
    '',
    ...rows.map(([k, v]) => `${k}: ${v}`),
    ...(input.message ? ['', `Your message:\n${input.message}`] : []),
    '',
    `Anything to add? Reply to this email or write to ${venueEmail}.`,
    '',
    'Croft Common',
  ].join('\n');
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">',
    `<p>Hi ${escapeHtml(input.name)},</p>`,
    "<p>Thanks for your booking enquiry. We've got it, and one of the team will reply within a day (two at weekends) to confirm or suggest another time. Your table is not booked until we confirm.</p>",
    htmlDetails(rows, input.message),
    `<p>Anything to add? Reply to this email or write to <a href="mailto:${escapeHtml(venueEmail)}">${escapeHtml(venueEmail)}</a>.</p>`,
    '<p>Croft Common</p>',
    '</body></html>',
  ].join('');
  return { to: input.email, subject: GUEST_ACK_SUBJECT, text, html, headers: { 'Reply-To': venueEmail } };
}
