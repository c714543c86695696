import { createHmac, timingSafeEqual } from 'node:crypto';
import { CINEMA_QR_PREFIX } from '@croft/contracts';

// What a ticket's QR code carries: `CCT1.<screening id>.<ticket number>.<signature>`. The
// signature (HMAC-SHA256 with the service's secret, 22 base64url characters) means a code made up
// at home does not pass the door, and a code from another screening is refused.

const sign = (secret: string, screeningId: string, number: number) =>
  createHmac('sha256', secret).update(`${CINEMA_QR_PREFIX}.${screeningId}.${number}`).digest('base64url').slice(0, 22);

export function ticketQr(secret: string, screeningId: string, number: number): string {
  return `${CINEMA_QR_PREFIX}.${screeningId}.${number}.${sign(secret, screeningId, number)}`;
}

/** The ticket number a scanned code is for, when it is genuine and for this screening; else null. */
export function readTicketQr(secret: string, screeningId: string, code: string): number | null {
  const [prefix, screening, numberText, signature] = code.split('.');
  if (prefix !== CINEMA_QR_PREFIX || screening !== screeningId || !/^\d{1,4}$/.test(numberText ?? '') || !signature) return null;
  const number = Number(numberText);
  const expected = Buffer.from(sign(secret, screeningId, number));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given) ? number : null;
}
