import {
  IDENTITY_ROLES,
  LAST_ADMIN_MESSAGE,
  PROTECTED_ADMIN_MESSAGE,
  type IdentityRole,
  type Person,
} from '@croft/contracts';
import type { AuditActor, AuditLog, Clock, Logger } from '@croft/service-kit';
import type { IdentityModels, UserDoc } from '../data';
import { normaliseRoles, type AccessLists } from './access-lists';
import type { Counters } from './counters';
import { IdentityError } from './errors';
import type { IdentityLimits } from './limits';
import { PEOPLE_MESSAGES } from './messages';

/** Who did something: the signed-in admin (their token's subject and email). */
export type Actor = AuditActor;

export interface PeopleDeps {
  models: IdentityModels;
  clock: Clock;
  logger: Logger;
  counters: Counters;
  accessLists: Pick<AccessLists, 'fixedRoles' | 'writeGrant' | 'dropGrant'>;
  /** ADMIN_EMAIL (lower-cased): its admin role cannot be removed. */
  adminEmail?: string;
  /** Identity's audit log (the service kit's, `audit_events`): a role.granted / role.revoked event per role. */
  audit: Pick<AuditLog, 'record'>;
  limits: Pick<IdentityLimits, 'roleWritesPerUser'>;
}

/**
 * Staff roles at /admin/people (issue 11): the list of everyone with a role or a pending grant,
 * and setting a person's whole role set by email, with the protected-admin and last-admin rules,
 * a per-admin write limit, and an audit event per role granted or revoked.
 */
export function createPeople(deps: PeopleDeps) {
  const { models, clock, logger, counters, accessLists, audit, limits } = deps;
  const now = () => clock.now();
  const isProtected = (email: string) => deps.adminEmail === email;

  async function withMfa(userIds: string[]): Promise<Set<string>> {
    if (userIds.length === 0) return new Set();
    const factors = await models.factor.find({ user_id: { $in: userIds }, status: 'verified' }, { user_id: 1 }).lean();
    return new Set(factors.map((f) => f.user_id));
  }

  function userPerson(user: Pick<UserDoc, '_id' | 'email' | 'roles'>, mfa: boolean): Person {
    return { email: user.email, user_id: user._id, roles: normaliseRoles(user.roles), mfa, protected_admin: isProtected(user.email) };
  }

  function pendingPerson(email: string, roles: IdentityRole[]): Person {
    return { email, user_id: null, roles: normaliseRoles(roles), mfa: false, protected_admin: isProtected(email) };
  }

  const countAdmins = () => models.user.countDocuments({ roles: 'admin' });

  /** One audit event per role granted and per role revoked. */
  async function recordChanges(actor: Actor, email: string, before: readonly IdentityRole[], after: readonly IdentityRole[], pending: boolean) {
    const note = pending ? ' (pending first sign-in)' : '';
    for (const role of IDENTITY_ROLES) {
      const had = before.includes(role);
      const has = after.includes(role);
      if (had === has) continue;
      await audit.record({
        actor,
        action: has ? 'role.granted' : 'role.revoked',
        target: email,
        detail: `${role} ${has ? 'granted' : 'revoked'}${note}`,
      });
    }
  }

  /** A known account's roles: written atomically, then the last-admin rule re-checked. */
  async function setUserRoles(actor: Actor, user: UserDoc, roles: IdentityRole[]): Promise<Person> {
    if (user.roles.includes('admin') && !roles.includes('admin') && (await countAdmins()) <= 1) {
      throw new IdentityError('last_admin', LAST_ADMIN_MESSAGE);
    }
    const before = await models.user
      .findOneAndUpdate({ _id: user._id }, { $set: { roles, updated_at: now() } }, { returnDocument: 'before' })
      .lean();
    if (!before) throw new Error(`account ${user._id} disappeared while its roles were set`);
    const previous = normaliseRoles(before.roles ?? []);
    if (previous.includes('admin') && !roles.includes('admin') && (await countAdmins()) === 0) {
      // Two admins demoting each other at once both passed the first check: the one that sees no
      // admin left after its own write puts the roles back (unless someone made them admin again).
      await models.user.updateOne({ _id: user._id, roles: { $nin: ['admin'] } }, { $set: { roles: previous, updated_at: now() } });
      throw new IdentityError('last_admin', LAST_ADMIN_MESSAGE);
    }
    await recordChanges(actor, user.email, previous, roles, false);
    logger.info({ actor: actor.id, userId: user._id, roles }, 'roles set');
    return userPerson({ ...user, roles }, (await withMfa([user._id])).has(user._id));
  }

  return {
    /** Everyone with at least one role, and everyone with a pending grant, by email. */
    async list(): Promise<Person[]> {
      const users = await models.user.find({ roles: { $in: [...IDENTITY_ROLES] } }, { email: 1, roles: 1 }).lean();
      const grants = await models.roleGrant.find({ roles: { $in: [...IDENTITY_ROLES] } }).lean();
      const mfa = await withMfa(users.map((u) => u._id));
      const known = new Set(users.map((u) => u.email));
      const people = [
        ...users.map((u) => userPerson(u, mfa.has(u._id))),
        // A grant beside an account only for the moment its first sign-in consumes it.
        ...grants.filter((g) => !known.has(g._id)).map((g) => pendingPerson(g._id, g.roles)),
      ];
      return people.sort((a, b) => (a.email < b.email ? -1 : a.email > b.email ? 1 : 0));
    },

    /** The caller must still be an admin now (their token may be up to 10 minutes old). */
    async assertAdmin(userId: string): Promise<void> {
      const user = await models.user.findById(userId, { roles: 1 }).lean();
      if (!user?.roles.includes('admin')) throw new IdentityError('forbidden', PEOPLE_MESSAGES.forbidden);
    },

    /** Counts one role write by this admin; over the limit → rate_limited. */
    async countWrite(userId: string): Promise<void> {
      if (!(await counters.hit(`role-writes:${userId}`, limits.roleWritesPerUser)).allowed) {
        throw new IdentityError('rate_limited', PEOPLE_MESSAGES.rateLimited);
      }
    },

    /**
     * PUT /admin/people/roles: the person's whole role set. A known account is updated; an
     * address without one gets a pending grant (emptied when `roles` is empty). ADMIN_EMAIL keeps
     * admin (protected_admin); the last admin keeps admin (last_admin).
     */
    async setRoles(actor: Actor, email: string, requested: readonly IdentityRole[]): Promise<Person> {
      const roles = normaliseRoles(requested);
      if (isProtected(email) && !roles.includes('admin')) throw new IdentityError('protected_admin', PROTECTED_ADMIN_MESSAGE);
      const user = await models.user.findOne({ email }).lean();
      if (user) return setUserRoles(actor, user, roles);

      const written = await accessLists.writeGrant(email, roles, actor.id);
      // The person may have signed in for the first time just now: their account takes the roles.
      const created = await models.user.findOne({ email }).lean();
      if (created) {
        const person = await setUserRoles(actor, created, normaliseRoles(accessLists.fixedRoles(email), roles));
        await accessLists.dropGrant(email, written.rev);
        return person;
      }
      await recordChanges(actor, email, normaliseRoles(written.before), roles, true);
      logger.info({ actor: actor.id, roles }, 'pending roles set');
      return pendingPerson(email, roles);
    },
  };
}

export type People = ReturnType<typeof createPeople>;
