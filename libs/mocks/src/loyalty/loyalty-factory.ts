// Factories and named worlds for the loyalty mocks: cards, entries and past cards that parse with
// the loyalty contract, and seeded photos an <img> really loads (small SVG cups, a hue per box).
import {
  LUCKY7_EVERY,
  LUCKY7_REWARDS_REQUIRED,
  REGULAR_PUNCHES_REQUIRED,
  REGULAR_REWARDS_REQUIRED,
  REWARD_BOX,
  type LoyaltyCard,
  type LoyaltyCardType,
  type LoyaltyEntry,
  type PastLoyaltyCard,
} from '@croft/contracts';

/** A 24-hex id like the service's (the contract's params accept nothing else). */
export const mockLoyaltyId = (n: number) => n.toString(16).padStart(24, 'd');

let ids = 0x1000;
const nextId = () => mockLoyaltyId(++ids);

const SEEDED_AT = '2026-11-20T09:00:00.000Z';

/** A card of a type with its required counts and nothing on it; override any field. */
export function buildLoyaltyCard(overrides: Partial<LoyaltyCard> & { card_type?: LoyaltyCardType } = {}): LoyaltyCard {
  const type = overrides.card_type ?? 'regular';
  return {
    id: nextId(),
    card_type: type,
    punches_required: type === 'lucky7' ? 0 : REGULAR_PUNCHES_REQUIRED,
    rewards_required: type === 'lucky7' ? LUCKY7_REWARDS_REQUIRED : REGULAR_REWARDS_REQUIRED,
    punches_count: 0,
    rewards_count: 0,
    is_complete: false,
    created_at: SEEDED_AT,
    completed_at: null,
    ...overrides,
  };
}

/** A coffee cup drawn in SVG with the box number: a photo stand-in an <img> loads anywhere. */
export function mockCupPhoto(box: number): string {
  const hue = (box * 47) % 360;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 320" width="320" height="320">` +
    `<rect width="320" height="320" fill="hsl(${hue},35%,82%)"/>` +
    `<ellipse cx="160" cy="250" rx="110" ry="22" fill="hsl(${hue},20%,70%)"/>` +
    `<path d="M80 120h140l-14 120a20 20 0 0 1-20 18h-72a20 20 0 0 1-20-18z" fill="#f7f3ec" stroke="#3b2a1e" stroke-width="6"/>` +
    `<path d="M220 145c40 0 40 60 0 60" fill="none" stroke="#3b2a1e" stroke-width="10"/>` +
    `<ellipse cx="150" cy="122" rx="68" ry="12" fill="hsl(28,55%,${30 + (box % 3) * 5}%)"/>` +
    `<text x="150" y="205" font-family="sans-serif" font-size="48" text-anchor="middle" fill="#3b2a1e">${box}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

/** An entry in a box of a card (a punch, or a reward in box 7 / on a lucky7 card); override any field. */
export function buildLoyaltyEntry(card: Pick<LoyaltyCard, 'id' | 'card_type'>, index: number, overrides: Partial<LoyaltyEntry> = {}): LoyaltyEntry {
  const kind = card.card_type === 'lucky7' || index === REWARD_BOX ? 'reward' : 'punch';
  const photo = mockCupPhoto(index);
  return { id: nextId(), card_id: card.id, index, kind, created_at: SEEDED_AT, signedUrl: photo, thumbUrl: photo, ...overrides };
}

/** A completed card in the past list. */
export function buildPastLoyaltyCard(overrides: Partial<PastLoyaltyCard> = {}): PastLoyaltyCard {
  return {
    id: nextId(),
    card_type: 'regular',
    created_at: '2026-10-01T09:00:00.000Z',
    completed_at: '2026-10-20T16:30:00.000Z',
    entries: REGULAR_PUNCHES_REQUIRED + REGULAR_REWARDS_REQUIRED,
    ...overrides,
  };
}

export const LOYALTY_WORLDS = ['no-card', 'empty', 'three-punches', 'five-punches', 'reward-unlocked', 'lucky7', 'lucky7-next'] as const;
export type LoyaltyWorldName = (typeof LOYALTY_WORLDS)[number];

export interface LoyaltyWorld {
  card: LoyaltyCard | null;
  entries: LoyaltyEntry[];
  /** Newest first. */
  past: PastLoyaltyCard[];
  /** Completed regular cards (decides when a lucky7 card comes next). */
  completedRegular: number;
}

/** n completed regular cards, newest first, a week apart. */
function pastRegular(n: number): PastLoyaltyCard[] {
  return Array.from({ length: n }, (_, i) => {
    const done = new Date(Date.UTC(2026, 10, 15) - i * 7 * 86_400_000);
    return buildPastLoyaltyCard({
      created_at: new Date(done.getTime() - 6 * 86_400_000).toISOString(),
      completed_at: done.toISOString(),
    });
  });
}

/** A regular card with punches in boxes 1..n, after `completed` regular cards. */
function regularWith(punches: number, completed = 0): LoyaltyWorld {
  const card = buildLoyaltyCard({ punches_count: punches });
  const entries = Array.from({ length: punches }, (_, i) => buildLoyaltyEntry(card, i + 1));
  return { card, entries, past: pastRegular(completed), completedRegular: completed };
}

/** The member's state in a named world. */
export function buildLoyaltyWorld(name: LoyaltyWorldName): LoyaltyWorld {
  switch (name) {
    case 'no-card':
      return { card: null, entries: [], past: [], completedRegular: 0 };
    case 'empty':
      return regularWith(0);
    case 'three-punches':
      return regularWith(3, 1);
    case 'five-punches':
      return regularWith(5, 1);
    case 'reward-unlocked':
      return regularWith(REGULAR_PUNCHES_REQUIRED, 2);
    case 'lucky7': {
      const card = buildLoyaltyCard({ card_type: 'lucky7' });
      return { card, entries: [], past: pastRegular(LUCKY7_EVERY), completedRegular: LUCKY7_EVERY };
    }
    case 'lucky7-next':
      return regularWith(REGULAR_PUNCHES_REQUIRED, LUCKY7_EVERY - 1);
  }
}
