import type { Clock, Logger } from '@croft/service-kit';
import type { GateUnlockMethod, IdentityModels } from '../data';

/**
 * The members' gates opened, by how membership was proved (spec 001 §4), for staff analytics
 * (capability gateUnlockStats). A record is written on each successful proof:
 *
 * - `passkey`: POST /webauthn/auth-verify verified an assertion and the handle's link is to an
 *   active subscriber (`hasExistingLink`: the gate opens with 'access granted via Face ID/Passkey').
 *   A verified passkey whose handle is not linked (or no longer a member) is not an unlock: the gate
 *   goes on to the link step, which records `link` when it succeeds.
 * - `link`: POST /membership/verify-link linked the device's handle to a member's email with the
 *   emailed 6-digit membership code (start-link only emails active subscribers).
 * - `email`: POST /verify signed someone in with an emailed 6-digit code and they are an active
 *   subscriber now. Identity cannot tell which dialog asked for the code (the gate's 'Email
 *   instead', the loyalty card's or cinema's sign-in, /sign-in): each proves membership the same
 *   way, so every member's code sign-in counts. Sign-ins of people who are not members (staff at
 *   /cms/login, say) and Secret Kitchens sign-ins are not gate unlocks and are not recorded.
 *
 * Not recorded: the stored-handle check (POST /membership/check, no proof), registering a passkey
 * (its proof came first), and opening a passkey session (create-session spends the proof
 * auth-verify already counted). Recording never fails or delays the proof beyond one insert: an
 * error is logged and the sign-in goes on.
 */
export interface GateUnlocks {
  record(method: GateUnlockMethod, userId?: string | null): Promise<void>;
  /** Unlocks in [from, to), by method (0 for a method with none). */
  stats(window: { from: Date; to: Date }): Promise<Record<GateUnlockMethod, number>>;
}

export function createGateUnlocks(deps: { models: Pick<IdentityModels, 'gateUnlock'>; clock: Clock; logger: Logger }): GateUnlocks {
  const { models, clock, logger } = deps;
  return {
    async record(method, userId) {
      try {
        await models.gateUnlock.create({ method, at: clock.now(), ...(userId ? { user_id: userId } : {}) });
      } catch (error) {
        logger.warn({ err: error, method }, 'could not record a gate unlock');
      }
    },

    async stats({ from, to }) {
      const counts: Record<GateUnlockMethod, number> = { passkey: 0, link: 0, email: 0 };
      if (!(from < to)) return counts;
      // A range on the { at } index (the TTL's), then one count per method.
      const rows = await models.gateUnlock.aggregate<{ _id: GateUnlockMethod; n: number }>([
        { $match: { at: { $gte: from, $lt: to } } },
        { $group: { _id: '$method', n: { $sum: 1 } } },
      ]);
      for (const row of rows) if (row._id in counts) counts[row._id] = row.n;
      return counts;
    },
  };
}
