import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { cinemaQrSchema } from '@croft/contracts';
import { readTicketQr, ticketQr } from './qr-token';

const SECRET = 'a-secret-of-at-least-thirty-two-characters';
const SCREENING = 'a'.repeat(24);

describe('ticket QR codes', () => {
  it('carry the ticket number, signed, in the contract format', () => {
    const code = ticketQr(SECRET, SCREENING, 17);
    expect(z.safeParse(cinemaQrSchema, code).success).toBe(true);
    expect(readTicketQr(SECRET, SCREENING, code)).toBe(17);
  });
  it('refuse a code altered, signed with another key, or for another screening', () => {
    const code = ticketQr(SECRET, SCREENING, 17);
    expect(readTicketQr(SECRET, SCREENING, code.replace('.17.', '.18.'))).toBeNull();
    expect(readTicketQr(SECRET, SCREENING, ticketQr('another-secret-of-thirty-two-characters!', SCREENING, 17))).toBeNull();
    expect(readTicketQr(SECRET, 'b'.repeat(24), code)).toBeNull();
    expect(readTicketQr(SECRET, SCREENING, 'CCT1.nonsense')).toBeNull();
  });
});
