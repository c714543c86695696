import * as z from 'zod/mini';
import { emailSchema } from './email';
import { IDENTITY_ROLES } from './identity';

// ---------------------------------------------------------------------------------------------
// Staff roles (issue 11): admins grant and revoke editor, staff and admin by email at
// /admin/people. A person not known yet gets the role when they first sign in (a pending grant).
// A change reaches the person's token at their next refresh at the latest. Role changes need
// aal2 (the authenticator app) and are written to the audit log. ADMIN_EMAIL is always an admin.
// ---------------------------------------------------------------------------------------------

export const ROLE_LABELS = { editor: 'Editor', staff: 'Staff', admin: 'Admin' } as const;
/** What each role may do, as /admin/people explains it. */
export const ROLE_DESCRIPTIONS = {
  editor: 'Edits and publishes page text, FAQs and images.',
  staff: 'Uses the staff screens (cinema, nudges, analytics, Secret Kitchens).',
  admin: 'Everything, and grants roles.',
} as const;

export const personSchema = z.strictObject({
  email: z.string(),
  /** null until the person first signs in (their roles are a pending grant). */
  user_id: z.nullable(z.string()),
  roles: z.array(z.enum(IDENTITY_ROLES)),
  /** Whether they have an authenticator app (staff and admins need it for staff screens). */
  mfa: z.boolean(),
  /** ADMIN_EMAIL: always an admin (the role cannot be revoked here). */
  protected_admin: z.boolean(),
});
export type Person = z.infer<typeof personSchema>;

/** GET /api/identity/admin/people: everyone with a role or a pending grant, by email. */
export const peopleListResponseSchema = z.strictObject({ items: z.array(personSchema) });
export type PeopleListResponse = z.infer<typeof peopleListResponseSchema>;

/** PUT /api/identity/admin/people/roles: the person's whole role set (empty removes every role). */
export const setRolesRequestSchema = z.strictObject({
  email: emailSchema,
  roles: z.array(z.enum(IDENTITY_ROLES)).check(
    z.maxLength(IDENTITY_ROLES.length),
    z.refine((roles) => new Set(roles).size === roles.length, 'must not repeat a role'),
  ),
});
export type SetRolesRequest = z.input<typeof setRolesRequestSchema>;
export const setRolesResponseSchema = z.strictObject({ person: personSchema });
export type SetRolesResponse = z.infer<typeof setRolesResponseSchema>;

/** The refusals' messages. */
export const PROTECTED_ADMIN_MESSAGE = 'This address is the site’s first admin (ADMIN_EMAIL); its admin role cannot be removed here.';
export const LAST_ADMIN_MESSAGE = 'At least one admin must remain.';
