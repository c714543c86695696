export interface DonationSeed {
  /** Stable key: the donation's request_id is `seed-<key>`, so seeding twice adds nothing. */
  key: string;
  amount_cents: number;
  note: string;
}

/**
 * What a fresh install starts the Common Good fund with, so the footer total is real from day
 * one. Recorded as ordinary donations (by 'system'), so the total stays the sum of donations.
 */
export const DONATION_SEED: readonly DonationSeed[] = [
  { key: 'opening-balance', amount_cents: 1_250_000, note: 'Opening balance' },
  { key: 'coffee-10p-october', amount_cents: 48_730, note: '10p from every coffee, October' },
  { key: 'quiz-night-raffle', amount_cents: 31_520, note: 'Quiz night raffle' },
];

export const SEED_RECORDER = { sub: 'system', email: 'system (seed)' } as const;
