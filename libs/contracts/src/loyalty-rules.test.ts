import { describe, expect, it } from 'vitest';
import { LOYALTY_ERROR_MESSAGES } from './loyalty';
import { isComplete, nextCardType, refuseEntry, requirementsOf, type CardCounts } from './loyalty-rules';

const regular = (punches: number, rewards = 0): CardCounts => ({ card_type: 'regular', ...requirementsOf('regular'), punches_count: punches, rewards_count: rewards });
const lucky = (rewards: number): CardCounts => ({ card_type: 'lucky7', ...requirementsOf('lucky7'), punches_count: 0, rewards_count: rewards });

describe('refuseEntry (spec 001 §5)', () => {
  it('takes punches in boxes 1–6 of a regular card and refuses any other box', () => {
    for (let box = 1; box <= 6; box++) expect(refuseEntry(regular(0), box, 'punch')).toBeNull();
    expect(refuseEntry(regular(6), 7, 'punch')).toBe('invalid_box');
    for (const box of [0, 8, -1, 1.5, Number.NaN]) expect(refuseEntry(regular(0), box, 'punch')).toBe('invalid_box');
    expect(LOYALTY_ERROR_MESSAGES.invalid_box).toBe('Invalid box');
  });

  it('takes the reward only in box 7, and only once the six punches exist', () => {
    expect(refuseEntry(regular(6), 3, 'reward')).toBe('reward_box');
    expect(refuseEntry(regular(5), 7, 'reward')).toBe('not_unlocked');
    expect(refuseEntry(regular(6), 7, 'reward')).toBeNull();
    expect(LOYALTY_ERROR_MESSAGES.reward_box).toBe('Reward is the 7th box');
    expect(LOYALTY_ERROR_MESSAGES.not_unlocked).toBe('Not unlocked yet');
  });

  it('takes only rewards on a lucky7 card, in any box 1–7', () => {
    for (let box = 1; box <= 7; box++) expect(refuseEntry(lucky(0), box, 'reward')).toBeNull();
    expect(refuseEntry(lucky(0), 1, 'punch')).toBe('lucky7_rewards_only');
    expect(refuseEntry(lucky(0), 8, 'reward')).toBe('invalid_box');
    expect(LOYALTY_ERROR_MESSAGES.lucky7_rewards_only).toBe('Lucky #7 card');
  });
});

describe('completion and the next card (spec 001 §4)', () => {
  it('completes a regular card at 6 punches and 1 reward, a lucky7 at 7 rewards', () => {
    expect(isComplete(regular(6, 0))).toBe(false);
    expect(isComplete(regular(5, 1))).toBe(false);
    expect(isComplete(regular(6, 1))).toBe(true);
    expect(isComplete(lucky(6))).toBe(false);
    expect(isComplete(lucky(7))).toBe(true);
  });

  it('follows every sixth completed regular card with a lucky7, and a lucky7 with a regular card', () => {
    expect(nextCardType(null, 0)).toBe('regular');
    const sequence: string[] = [];
    let completedRegular = 0;
    let last: 'regular' | 'lucky7' | null = null;
    for (let i = 0; i < 14; i++) {
      const type = nextCardType(last, completedRegular);
      sequence.push(type);
      if (type === 'regular') completedRegular++;
      last = type;
    }
    // Cards 1–6 regular, 7 lucky7, 8–13 regular, 14 lucky7.
    expect(sequence).toEqual([...Array(6).fill('regular'), 'lucky7', ...Array(6).fill('regular'), 'lucky7']);
  });
});
