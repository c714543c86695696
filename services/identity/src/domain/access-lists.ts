import { randomUUID } from 'node:crypto';
import { IDENTITY_ROLES, type IdentityRole } from '@croft/contracts';
import type { Clock } from '@croft/service-kit';
import type { IdentityModels, RoleGrantDoc } from '../data';
import type { Counters } from './counters';
import type { IdentityLimits } from './limits';

export interface AccessListDeps {
  models: IdentityModels;
  counters: Counters;
  clock: Clock;
  /** ADMIN_EMAIL (lower-cased): always an admin (given the role when its account is created, and at every start). */
  adminEmail?: string;
  limits: Pick<IdentityLimits, 'rpcPerIp'>;
}

/** What a new account starts with, and the pending grant (its `rev`) to consume once it exists. */
export interface InitialRoles {
  roles: IdentityRole[];
  /** The `rev` of the pending grant the roles came from; null without one. */
  grantRev: string | null;
}

/** A role set without repeats, in the contract's order (editor, staff, admin). */
export function normaliseRoles(...sets: readonly (readonly IdentityRole[])[]): IdentityRole[] {
  const all = new Set(sets.flat());
  return IDENTITY_ROLES.filter((role) => all.has(role));
}

/** How long an emptied pending grant stays (so a sign-in that read it just before learns of the revocation). */
export const EMPTIED_GRANT_TTL_MS = 24 * 3_600_000;

/**
 * Who may do what: staff email domains, the Secret Kitchens list, ADMIN_EMAIL's admin role and
 * pending role grants (people not known yet), and the RPC rate limit.
 */
export function createAccessLists(deps: AccessListDeps) {
  const { models, counters, clock, limits } = deps;

  /** The roles nobody can take from the address: admin for ADMIN_EMAIL. */
  function fixedRoles(email: string): IdentityRole[] {
    return deps.adminEmail === email ? ['admin'] : [];
  }

  /** The pending grant with at least one role for an address that has no account yet; null without one. */
  async function pendingGrant(email: string): Promise<RoleGrantDoc | null> {
    const grant = await models.roleGrant.findById(email).lean();
    return grant && grant.roles.length > 0 ? grant : null;
  }

  return {
    fixedRoles,
    pendingGrant,

    /** The roles a new account starts with: admin for ADMIN_EMAIL, plus any pending grant's. */
    async initialRoles(email: string): Promise<InitialRoles> {
      const grant = await models.roleGrant.findById(email).lean();
      return { roles: normaliseRoles(fixedRoles(email), grant?.roles ?? []), grantRev: grant?.rev ?? null };
    },

    /**
     * Once the account for `email` exists (created with `initialRoles`): removes the grant it was
     * created from. A grant changed or emptied in between is applied to the account and removed
     * in its turn, so the newest grant always wins.
     */
    async consumeGrant(email: string, userId: string, seenRev: string | null): Promise<void> {
      let rev = seenRev;
      for (let attempt = 0; attempt < 5; attempt += 1) {
        if (rev !== null && (await models.roleGrant.deleteOne({ _id: email, rev })).deletedCount === 1) return;
        const grant = await models.roleGrant.findById(email).lean();
        // Gone: consumed by the admin who set it (it saw the account and applied it there).
        if (!grant) return;
        await models.user.updateOne(
          { _id: userId },
          { $set: { roles: normaliseRoles(fixedRoles(email), grant.roles), updated_at: clock.now() } },
        );
        rev = grant.rev;
      }
      throw new Error(`pending grant for a new account kept changing: ${userId}`);
    },

    /**
     * Whether the address may sign in by emailed code without an account being created by the
     * caller (create_user false): ADMIN_EMAIL, and anyone with a pending grant. Staff with an
     * account already sign in as any known user does.
     */
    async isInvitedStaff(email: string): Promise<boolean> {
      return deps.adminEmail === email || (await pendingGrant(email)) !== null;
    },

    /** Sets (or empties) the pending grant for an address without an account; answers the roles it had and its new rev. */
    async writeGrant(email: string, roles: IdentityRole[], grantedBy: string): Promise<{ before: IdentityRole[]; rev: string }> {
      const at = clock.now();
      const rev = randomUUID();
      const set: Record<string, unknown> = { roles, rev, granted_by: grantedBy, updated_at: at };
      const update: Record<string, unknown> = { $set: set, $setOnInsert: { created_at: at } };
      if (roles.length === 0) set.expires_at = new Date(at.getTime() + EMPTIED_GRANT_TTL_MS);
      else update.$unset = { expires_at: '' };
      // Emptying only touches a grant that exists: nobody can have read one that does not.
      const before = await models.roleGrant
        .findOneAndUpdate({ _id: email }, update, { upsert: roles.length > 0, returnDocument: 'before' })
        .lean();
      return { before: before?.roles ?? [], rev };
    },

    /** Removes the grant if it is still the version `rev` (moved onto an account by the admin who wrote it). */
    async dropGrant(email: string, rev: string): Promise<void> {
      await models.roleGrant.deleteOne({ _id: email, rev });
    },

    /** Whether the address is on the Secret Kitchens list (required for a code with session_duration). */
    async hasSecretKitchenAccess(email: string): Promise<boolean> {
      const access = await models.secretKitchenAccess.findById(email).lean();
      return access?.has_access === true;
    },

    async isEmailDomainAllowed(email: string): Promise<boolean> {
      const domain = email.slice(email.lastIndexOf('@') + 1);
      return (await models.allowedDomain.exists({ _id: domain })) !== null;
    },

    async secretKitchenAccess(email: string): Promise<{ has_access: boolean }[]> {
      const doc = await models.secretKitchenAccess.findById(email).lean();
      return [{ has_access: doc?.has_access === true }];
    },

    async rpcAllowed(ip: string): Promise<boolean> {
      return (await counters.hit(`rpc-ip:${ip}`, limits.rpcPerIp)).allowed;
    },
  };
}

export type AccessLists = ReturnType<typeof createAccessLists>;
