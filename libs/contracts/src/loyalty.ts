import * as z from 'zod/mini';
import { emailSchema } from './email';

// ---------------------------------------------------------------------------------------------
// The photo loyalty card (spec 001 §2 modal 7, §3 loyalty_cards / loyalty_entries, §4, §5, §7, §8,
// §9; issue 12). A member's card is a grid of photo boxes: a regular card needs 6 punches (boxes
// 1–6) and 1 reward (box 7, only once 6 punches exist); a lucky7 card needs 7 rewards and accepts
// rewards only. On completion the card is marked complete and the next card is made: lucky7 when
// the count of completed regular cards is a multiple of 6 (and the card just completed was
// regular), else regular. Photos are served only through signed URLs valid 1 hour.
// ---------------------------------------------------------------------------------------------

export const LOYALTY_CARD_TYPES = ['regular', 'lucky7'] as const;
export type LoyaltyCardType = (typeof LOYALTY_CARD_TYPES)[number];
export const LOYALTY_ENTRY_KINDS = ['punch', 'reward'] as const;
export type LoyaltyEntryKind = (typeof LOYALTY_ENTRY_KINDS)[number];

/** Spec 001 §9. */
export const REGULAR_PUNCHES_REQUIRED = 6;
export const REGULAR_REWARDS_REQUIRED = 1;
export const LUCKY7_REWARDS_REQUIRED = 7;
/** Every this many completed regular cards, the next card is a lucky7. */
export const LUCKY7_EVERY = 6;
/** The box a regular card's reward goes in. */
export const REWARD_BOX = 7;
export const LOYALTY_BOXES = 7;
/** Signed photo URLs are valid this long (and cached as long). */
export const LOYALTY_PHOTO_URL_SECONDS = 3600;
/** The celebration banner when a lucky7 card opens. */
export const LUCKY7_BANNER_MS = 5000;
/** Default cap on photos a member may add in one day (Europe/London), configurable on the service. */
export const LOYALTY_DAILY_CAP_DEFAULT = 3;
/** Largest photo upload accepted (bytes); the browser scales photos down well below this first. */
export const LOYALTY_UPLOAD_MAX_BYTES = 12 * 1024 * 1024;
/** The browser scales a photo so its longer side is at most this (px) before upload. */
export const LOYALTY_UPLOAD_MAX_SIDE = 1600;
/** The multipart field that carries the photo. */
export const LOYALTY_FILE_FIELD = 'photo';

/** The user-visible words of spec 001 §5 and §8, exact. */
export const LOYALTY_MESSAGES = {
  signInTitle: 'Sign in to your loyalty card',
  accountNotFound: 'Account not found: Please sign up first or check your email address.',
  luckyNotice: 'Lucky Number 7 is on us',
  creatingNext: 'Creating your next card…',
  notSubscriber: 'Loyalty not available: You must be an active newsletter subscriber to start a loyalty card.',
  rewardBox: 'Reward is the 7th box',
  notUnlocked: 'Not unlocked yet',
  invalidBox: 'Invalid box',
  lucky7: 'Lucky #7 card',
  loadFailed: 'Failed to load loyalty entries',
  uploadFailed: 'Upload failed',
  couldNotSave: 'Could not save',
  nextCardFailed: 'Next card not created',
  entryNotFound: 'Entry not found',
  deleteEntryFailed: 'Failed to delete entry',
  deletePhotoFailed: 'Failed to delete photo',
} as const;

/** 'Punches n/6 · Reward m/1' on a regular card, 'Free coffees n/7' on a lucky7 card. */
export function loyaltyCounter(card: Pick<LoyaltyCard, 'card_type' | 'punches_count' | 'rewards_count' | 'punches_required' | 'rewards_required'>): string {
  return card.card_type === 'lucky7'
    ? `Free coffees ${card.rewards_count}/${card.rewards_required}`
    : `Punches ${card.punches_count}/${card.punches_required} · Reward ${card.rewards_count}/${card.rewards_required}`;
}

const id24 = (what: string) => z.string().check(z.regex(/^[0-9a-f]{24}$/, `must be a ${what} id`));
export const loyaltyCardIdSchema = id24('card');
export const loyaltyEntryIdSchema = id24('entry');
const isoDateTime = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?Z$/, 'must be an ISO date-time in UTC'));

/** A loyalty_cards row (spec 001 §3), plus when it was completed. */
export const loyaltyCardSchema = z.strictObject({
  id: z.string(),
  card_type: z.enum(LOYALTY_CARD_TYPES),
  punches_required: z.int(),
  rewards_required: z.int(),
  punches_count: z.int(),
  rewards_count: z.int(),
  is_complete: z.boolean(),
  created_at: isoDateTime,
  completed_at: z.nullable(isoDateTime),
});
export type LoyaltyCard = z.infer<typeof loyaltyCardSchema>;

/**
 * A loyalty_entries row (spec 001 §3) as its owner sees it: the storage path stays on the server;
 * the photo is read through signed URLs (signedUrl: the photo; thumbUrl: a small copy for the grid),
 * valid LOYALTY_PHOTO_URL_SECONDS.
 */
export const loyaltyEntrySchema = z.strictObject({
  id: z.string(),
  card_id: z.string(),
  index: z.int().check(z.gte(1), z.lte(LOYALTY_BOXES)),
  kind: z.enum(LOYALTY_ENTRY_KINDS),
  created_at: isoDateTime,
  signedUrl: z.string(),
  thumbUrl: z.string(),
});
export type LoyaltyEntry = z.infer<typeof loyaltyEntrySchema>;

/** A completed card in the member's list of past cards. */
export const pastLoyaltyCardSchema = z.strictObject({
  id: z.string(),
  card_type: z.enum(LOYALTY_CARD_TYPES),
  created_at: isoDateTime,
  completed_at: isoDateTime,
  entries: z.int(),
});
export type PastLoyaltyCard = z.infer<typeof pastLoyaltyCardSchema>;

/**
 * GET /api/loyalty/card: the signed-in member's open card with its entries by box (null when they
 * have none yet: POST /api/loyalty/cards starts one), and their completed cards, newest first.
 */
export const loyaltyCardViewSchema = z.strictObject({
  card: z.nullable(loyaltyCardSchema),
  entries: z.array(loyaltyEntrySchema),
  past: z.array(pastLoyaltyCardSchema),
});
export type LoyaltyCardView = z.infer<typeof loyaltyCardViewSchema>;

/** POST /api/loyalty/cards: starts the member's next card (idempotent: an open card is returned as it is). */
export const startLoyaltyCardResponseSchema = z.strictObject({ card: loyaltyCardSchema, created: z.boolean() });
export type StartLoyaltyCardResponse = z.infer<typeof startLoyaltyCardResponseSchema>;

export const loyaltyCardParamsSchema = z.strictObject({ card_id: loyaltyCardIdSchema });

/** Multipart fields beside the photo (form fields are text). */
export const addLoyaltyEntryFieldsSchema = z.strictObject({
  index: z.string().check(z.regex(/^[1-7]$/, LOYALTY_MESSAGES.invalidBox)),
  kind: z.enum(LOYALTY_ENTRY_KINDS),
});
export type AddLoyaltyEntryFields = z.input<typeof addLoyaltyEntryFieldsSchema>;

/**
 * POST /api/loyalty/cards/:card_id/entries → 201: the new entry, the card with its counts, and
 * when the photo completed the card, the next card (null when making it failed: the client then
 * calls POST /cards, showing 'Next card not created' if that fails too).
 */
export const addLoyaltyEntryResponseSchema = z.strictObject({
  entry: loyaltyEntrySchema,
  card: loyaltyCardSchema,
  completed: z.boolean(),
  next_card: z.nullable(loyaltyCardSchema),
});
export type AddLoyaltyEntryResponse = z.infer<typeof addLoyaltyEntryResponseSchema>;

export const loyaltyEntryParamsSchema = z.strictObject({ id: loyaltyEntryIdSchema });

/** DELETE /api/loyalty/entries/:id: the photo and its entry are removed; the card is incomplete again. */
export const deleteLoyaltyEntryResponseSchema = z.strictObject({ card: loyaltyCardSchema });
export type DeleteLoyaltyEntryResponse = z.infer<typeof deleteLoyaltyEntryResponseSchema>;

// ── staff (role staff or admin): look a member's card up, void an entry (audit-logged) ─────────

export const staffLoyaltyLookupQuerySchema = z.strictObject({ email: emailSchema });
export const staffLoyaltyCardSchema = z.strictObject({ card: loyaltyCardSchema, entries: z.array(loyaltyEntrySchema) });
export const staffLoyaltyLookupResponseSchema = z.strictObject({
  email: z.string(),
  /** Newest first: the open card (if any), then the completed ones. */
  cards: z.array(staffLoyaltyCardSchema),
});
export type StaffLoyaltyLookupResponse = z.infer<typeof staffLoyaltyLookupResponseSchema>;

export const LOYALTY_VOID_REASON_MAX = 200;
export const voidLoyaltyEntryRequestSchema = z.strictObject({
  reason: z.string().check(
    z.trim(),
    z.minLength(3, 'Say why this photo is being voided.'),
    z.maxLength(LOYALTY_VOID_REASON_MAX, `must be at most ${LOYALTY_VOID_REASON_MAX} characters`),
  ),
});
export type VoidLoyaltyEntryRequest = z.input<typeof voidLoyaltyEntryRequestSchema>;

/** The named errors' messages (the service and the mocks send the same words). */
export const LOYALTY_ERROR_MESSAGES = {
  not_subscriber: LOYALTY_MESSAGES.notSubscriber,
  reward_box: LOYALTY_MESSAGES.rewardBox,
  not_unlocked: LOYALTY_MESSAGES.notUnlocked,
  invalid_box: LOYALTY_MESSAGES.invalidBox,
  lucky7_rewards_only: LOYALTY_MESSAGES.lucky7,
  entry_not_found: LOYALTY_MESSAGES.entryNotFound,
  card_not_found: 'This card is not open any more. Reload your card.',
  box_taken: 'This box already has a photo.',
  duplicate_photo: 'This photo is already on your card. Take a new photo of this coffee.',
  daily_limit: `You can add up to ${LOYALTY_DAILY_CAP_DEFAULT} photos a day. Come back tomorrow for more coffee.`,
  photo_missing: 'Choose a photo to upload.',
  photo_type: 'This file is not a photo we can read. Use a JPEG, PNG or WebP photo.',
  photo_too_large: `This photo is larger than ${LOYALTY_UPLOAD_MAX_BYTES / (1024 * 1024)} MB.`,
  photo_unreadable: 'This photo could not be read: the file may be damaged.',
} as const;
