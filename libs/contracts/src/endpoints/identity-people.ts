import { defineEndpoint, noQuery, STAFF_ERRORS } from '../endpoint';
import { auditListQuerySchema, auditListResponseSchema } from '../audit';
import { peopleListResponseSchema, setRolesRequestSchema, setRolesResponseSchema } from '../people';

// Staff roles at /admin/people and identity's audit events (issue 11): admins only, with aal2
// once they have an authenticator app; role changes need aal2 always.

const ADMIN_ERRORS = { ...STAFF_ERRORS, aal2_required: 403 } as const;

/** Everyone with a role or a pending grant. */
export const listPeopleEndpoint = /*#__PURE__*/ defineEndpoint({
  service: 'identity',
  method: 'GET',
  path: '/admin/people',
  query: noQuery,
  response: peopleListResponseSchema,
  errors: ADMIN_ERRORS,
});

/** Sets a person's roles by email (aal2 required; audited). */
export const setRolesEndpoint = /*#__PURE__*/ defineEndpoint({
  service: 'identity',
  method: 'PUT',
  path: '/admin/people/roles',
  query: noQuery,
  body: setRolesRequestSchema,
  response: setRolesResponseSchema,
  errors: { ...ADMIN_ERRORS, protected_admin: 409, last_admin: 409, rate_limited: 429 },
});

/** Identity's audit events (role grants and revocations). */
export const listIdentityAuditEndpoint = /*#__PURE__*/ defineEndpoint({
  service: 'identity',
  method: 'GET',
  path: '/audit',
  query: auditListQuerySchema,
  response: auditListResponseSchema,
  errors: ADMIN_ERRORS,
});

export const identityPeopleEndpoints = {
  listPeople: listPeopleEndpoint,
  setRoles: setRolesEndpoint,
  listIdentityAudit: listIdentityAuditEndpoint,
} as const;
