import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CINEMA_ERROR_MESSAGES } from '@croft/contracts';
import { cinemaHandlers, cinemaScenarios, scenarioHandlers, type CinemaMockOptions } from '@croft/mocks';
import { listenForTests } from '@croft/mocks/node';
import type { ApiError } from './api-error';
import { createCinemaClient } from './cinema-client';

/** The cinema mocks (libs/mocks/src/cinema) keep the service's rules, seen through the member's client. */
const server = listenForTests({ beforeAll, afterEach, afterAll });
const options = { baseUrl: 'http://api.test' };
const client = createCinemaClient({ ...options, getAccessToken: () => 'member-token' });
const use = (opts: CinemaMockOptions = {}) => server.use(...cinemaHandlers({ delayMs: 0, ...opts }));
const refusal = (promise: Promise<unknown>) => promise.then(() => null, (error: unknown) => error as ApiError);

describe('cinema mocks', () => {
  it('book 2 with a guest: sequential numbers, the count drops, the member sees it, Resend and Cancel work', async () => {
    use();
    const { screening_id, tickets_left } = await client.status();
    const booked = await client.book({ screening_id, primary_name: 'Ada', guest_name: 'Bo', quantity: 2 });
    expect(booked.ticket_numbers).toEqual([28, 29]);
    expect(booked.email_sent).toBe(true);
    expect((await client.status()).tickets_left).toBe(tickets_left - 2);
    expect((await client.memberView()).booking?.ticket_numbers).toEqual([28, 29]);
    await client.resend();
    expect(await client.cancel()).toBe(tickets_left);
    expect((await client.memberView()).booking).toBeNull();
  });

  it("refuses with the service's words", async () => {
    use({ world: 'one-left' });
    const { screening_id } = await client.status();
    expect(await refusal(client.book({ screening_id, primary_name: 'Ada', quantity: 2 }))).toMatchObject({ code: 'guest_name_required' });
    expect(await refusal(client.book({ screening_id, primary_name: 'Ada', guest_name: 'Bo', quantity: 2 }))).toMatchObject({
      status: 409,
      message: 'Only one ticket remains. Please select 1.',
    });
    await client.book({ screening_id, primary_name: 'Ada', quantity: 1 });
    expect(await refusal(client.book({ screening_id, primary_name: 'Ada', quantity: 1 }))).toMatchObject({ code: 'already_booked' });
    expect(await refusal(client.resend())).toBeNull();
  });

  it('sold out: Sold out, and the waiting list takes the member', async () => {
    use({ world: 'sold-out' });
    const { screening_id, is_sold_out } = await client.status();
    expect(is_sold_out).toBe(true);
    expect(await refusal(client.book({ screening_id, primary_name: 'Ada', quantity: 1 }))).toMatchObject({ message: 'No tickets left for this month.' });
    expect((await client.joinWaitlist({ screening_id, primary_name: 'Ada', quantity: 1 })).state).toBe('waiting');
    expect(await refusal(client.joinWaitlist({ screening_id, primary_name: 'Ada', quantity: 1 }))).toMatchObject({ code: 'already_waiting' });
    await client.leaveWaitlist();
    expect((await client.memberView()).waitlist).toBeNull();
  });

  it('the email fails: the booking stands with email_sent false, Resend is 502', async () => {
    use({ emailFails: true });
    const { screening_id } = await client.status();
    expect((await client.book({ screening_id, primary_name: 'Ada', quantity: 1 })).email_sent).toBe(false);
    expect(await refusal(client.resend())).toMatchObject({ status: 502, message: CINEMA_ERROR_MESSAGES.email_failed });
  });

  it('status is public; member calls need a token', async () => {
    use();
    const anonymous = createCinemaClient({ ...options, getAccessToken: () => null });
    expect((await anonymous.status()).title).toBe('Secret Cinema Club');
    expect(await refusal(anonymous.memberView())).toMatchObject({ code: 'not_signed_in' });
    const res = await fetch(`${options.baseUrl}/api/cinema/me`);
    expect(res.status).toBe(401);
  });

  it('every cinema scenario resolves and answers the status', async () => {
    for (const scenario of cinemaScenarios) {
      server.resetHandlers(...scenarioHandlers([scenario.id]));
      const answer = await refusal(client.status());
      if (scenario.id === 'cinema:status-fails') expect(answer).toMatchObject({ status: 500 });
      else expect(answer, scenario.id).toBeNull();
    }
  });
});
