import type { IdentityRole } from '@croft/contracts';
import type { IdentityModels } from '../data';
import type { Counters } from './counters';
import type { IdentityLimits } from './limits';

export interface AccessListDeps {
  models: IdentityModels;
  counters: Counters;
  /** ADMIN_EMAIL (lower-cased): gets the admin role when its account is created. */
  adminEmail?: string;
  limits: Pick<IdentityLimits, 'rpcPerIp'>;
}

/** Who may do what: staff email domains, the Secret Kitchens list, the admin role, and the RPC rate limit. */
export function createAccessLists(deps: AccessListDeps) {
  const { models, counters, limits } = deps;

  return {
    /** The roles a new account starts with (admin for ADMIN_EMAIL). */
    initialRoles(email: string): IdentityRole[] {
      return deps.adminEmail === email ? ['admin'] : [];
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
