import {
  LUCKY7_EVERY,
  LUCKY7_REWARDS_REQUIRED,
  REGULAR_PUNCHES_REQUIRED,
  REGULAR_REWARDS_REQUIRED,
  REWARD_BOX,
  type LoyaltyCardType,
  type LoyaltyEntryKind,
} from './loyalty';

/**
 * The card rules of spec 001 §4 and §5 as pure functions: which photo may go in which box, when a
 * card is complete, and what the next card is. The store applies them with guarded updates so
 * that concurrent uploads cannot break them.
 */

export interface CardCounts {
  card_type: LoyaltyCardType;
  punches_required: number;
  rewards_required: number;
  punches_count: number;
  rewards_count: number;
}

/** The refusals of spec 001 §5, by the contract's error codes. */
export type EntryRefusal = 'invalid_box' | 'reward_box' | 'not_unlocked' | 'lucky7_rewards_only';

/** The required counts of a new card of a type. */
export function requirementsOf(type: LoyaltyCardType): Pick<CardCounts, 'punches_required' | 'rewards_required'> {
  return type === 'lucky7'
    ? { punches_required: 0, rewards_required: LUCKY7_REWARDS_REQUIRED }
    : { punches_required: REGULAR_PUNCHES_REQUIRED, rewards_required: REGULAR_REWARDS_REQUIRED };
}

/**
 * Whether a photo of `kind` may go in box `index` of a card with these counts (spec 001 §5): on a
 * regular card punches go in boxes 1–6 and the reward only in box 7 once the 6 punches exist; a
 * lucky7 card takes rewards only, in boxes 1–7. Null when it may.
 */
export function refuseEntry(card: CardCounts, index: number, kind: LoyaltyEntryKind): EntryRefusal | null {
  if (!Number.isInteger(index) || index < 1 || index > REWARD_BOX) return 'invalid_box';
  if (card.card_type === 'lucky7') return kind === 'reward' ? null : 'lucky7_rewards_only';
  if (kind === 'reward') {
    if (index !== REWARD_BOX) return 'reward_box';
    return card.punches_count >= card.punches_required ? null : 'not_unlocked';
  }
  return index <= card.punches_required ? null : 'invalid_box';
}

export function isComplete(card: CardCounts): boolean {
  return card.punches_count >= card.punches_required && card.rewards_count >= card.rewards_required;
}

/**
 * The type of the card that follows a completed one (spec 001 §4): after a regular card, lucky7
 * when the count of completed regular cards (that one included) is a multiple of 6, else regular;
 * after a lucky7, regular. A member's first card is regular.
 */
export function nextCardType(completed: LoyaltyCardType | null, completedRegularCards: number): LoyaltyCardType {
  if (completed !== 'regular') return 'regular';
  return completedRegularCards > 0 && completedRegularCards % LUCKY7_EVERY === 0 ? 'lucky7' : 'regular';
}
