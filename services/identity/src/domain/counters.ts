import type { Model } from 'mongoose';
import type { Clock } from '@croft/service-kit';
import type { CounterDoc } from '../data';

export interface WindowLimit {
  windowMs: number;
  limit: number;
}

/**
 * Fixed-window counters in MongoDB (shared by every process), timed by the injected clock.
 * `hit` counts one event and says whether it is still within the limit.
 */
export function createCounters(model: Model<CounterDoc>, clock: Clock) {
  async function current(key: string): Promise<number> {
    const doc = await model.findById(key).lean();
    return doc && doc.reset_at.getTime() > clock.now().getTime() ? doc.hits : 0;
  }

  async function hit(key: string, window: WindowLimit): Promise<{ allowed: boolean; hits: number; resetAt: Date }> {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const now = clock.now();
      const live = await model
        .findOneAndUpdate({ _id: key, reset_at: { $gt: now } }, { $inc: { hits: 1 } }, { returnDocument: 'after' })
        .lean();
      if (live) return { allowed: live.hits <= window.limit, hits: live.hits, resetAt: live.reset_at };
      try {
        const fresh = await model
          .findOneAndUpdate(
            { _id: key, reset_at: { $lte: now } },
            { $set: { hits: 1, reset_at: new Date(now.getTime() + window.windowMs) } },
            { upsert: true, returnDocument: 'after' },
          )
          .lean();
        if (fresh) return { allowed: fresh.hits <= window.limit, hits: fresh.hits, resetAt: fresh.reset_at };
      } catch (error) {
        if ((error as { code?: unknown }).code !== 11000) throw error;
      }
    }
    throw new Error(`counter ${key}: too much contention`);
  }

  /**
   * Gives back one hit counted in the current window (an attempt that did not count after all).
   * With `resetAt` (from `hit`), only in that same window: a later window is never reduced.
   */
  async function release(key: string, resetAt?: Date): Promise<void> {
    await model.updateOne(
      { _id: key, reset_at: resetAt ?? { $gt: clock.now() }, hits: { $gt: 0 } },
      { $inc: { hits: -1 } },
    );
  }

  /**
   * Reserves a place within the limit for something that only counts once it succeeds (a code
   * that was actually emailed): allowed → the place is held until `release()` gives it back;
   * refused → nothing stays held. The reservation is one atomic increment, so a parallel burst
   * never holds more than `limit` places, and a failure that releases its place lets the next
   * request through.
   */
  async function reserve(key: string, window: WindowLimit): Promise<{ allowed: boolean; release(): Promise<void> }> {
    const result = await hit(key, window);
    let held = true;
    const giveBack = async () => {
      if (!held) return;
      held = false;
      await release(key, result.resetAt);
    };
    if (!result.allowed) await giveBack();
    return { allowed: result.allowed, release: giveBack };
  }

  /**
   * Runs `work` only when `key` has a place left in `window`, and lets it count only when it
   * succeeds (a code that was emailed): false = refused, `work` not run; when `work` throws, its
   * place is given back (a failure to give it back goes to `onReleaseError`) and the error is
   * rethrown.
   */
  async function countOnSuccess(
    key: string,
    window: WindowLimit,
    work: () => Promise<void>,
    onReleaseError: (error: unknown) => void,
  ): Promise<boolean> {
    const slot = await reserve(key, window);
    if (!slot.allowed) return false;
    try {
      await work();
      return true;
    } catch (error) {
      await slot.release().catch(onReleaseError);
      throw error;
    }
  }

  return { hit, current, release, countOnSuccess };
}

export type Counters = ReturnType<typeof createCounters>;

/** Failed code verifications of one account (sign-in and membership-link codes share the budget). */
export const accountFailureKey = (email: string) => `otp-fail:${email}`;
