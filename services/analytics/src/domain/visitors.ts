import { createHash, randomBytes } from 'node:crypto';
import type { Clock } from '@croft/service-kit';
import type { AnalyticsModels } from '../data/analytics-models';
import { londonDay } from './days';

/**
 * A visitor is sha256(daily salt + client address + user agent). The salt is made once per London
 * day for every instance (an upsert on the day's _id) and expires about two days later, so a hash
 * cannot be linked to an address, nor to the same person on another day. The address itself is
 * never stored. Instances cache the day's salt (it never changes once made) until the day ends.
 */
export function createVisitorHasher(models: AnalyticsModels, clock: Clock): (ip: string, userAgent: string) => Promise<string> {
  const cache = new Map<string, Promise<string>>();
  const saltFor = (day: string): Promise<string> => {
    let salt = cache.get(day);
    if (!salt) {
      salt = (async () => {
        await models.salt.updateOne(
          { _id: day },
          // created_at is the wall clock: the store's TTL sweeper compares with it.
          { $setOnInsert: { salt: randomBytes(32).toString('base64url'), created_at: new Date() } },
          { upsert: true },
        ).catch((error: unknown) => {
          // Two instances upserting the same day at once: one insert wins, the other reads it.
          if ((error as { code?: unknown }).code !== 11000) throw error;
        });
        const doc = await models.salt.findById(day).lean();
        if (!doc) throw new Error(`analytics: the salt of ${day} could not be read back`);
        return doc.salt;
      })();
      salt.catch(() => cache.delete(day));
      if (cache.size > 4) cache.delete(cache.keys().next().value!);
      cache.set(day, salt);
    }
    return salt;
  };
  return async (ip, userAgent) => {
    const salt = await saltFor(londonDay(clock.now()));
    return createHash('sha256').update(salt).update('\0').update(ip).update('\0').update(userAgent).digest('base64url').slice(0, 27);
  };
}
