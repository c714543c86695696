import type { Request, RequestHandler, Router } from 'express';
import { identityPeopleEndpoints as people } from '@croft/contracts';
import { authClaims, mountEndpoint, readAuditPage, type AuditLog, type TokenVerifier } from '@croft/service-kit';
import type { Auth } from '../domain/auth';
import { bearerToken, requireAuthWith } from './require-auth';

export interface PeopleRouteDeps {
  auth: Pick<Auth, 'authenticate' | 'people'>;
  verifyAccessToken: TokenVerifier;
  audit: Pick<AuditLog, 'list'>;
}

const NO_STORE = 'no-store';

/**
 * Staff roles (/admin/people) and identity's audit events, on the identity router. Admins only:
 * the token must carry admin (with aal2 once the admin has an authenticator app; role changes
 * need aal2 always), its session must be live, and the account must still be an admin now.
 */
export function mountPeopleRoutes(router: Router, deps: PeopleRouteDeps): void {
  const { auth } = deps;
  const admin = requireAuthWith(deps.verifyAccessToken, { roles: ['admin'] });
  const adminAal2 = requireAuthWith(deps.verifyAccessToken, { roles: ['admin'], aal: 'aal2' });
  // After the token check: a signed-out session or a demoted admin is refused at once, not
  // only when the token runs out.
  const stillAdmin: RequestHandler = async (req: Request, _res, next) => {
    const context = await auth.authenticate(bearerToken(req)!);
    await auth.people.assertAdmin(context.claims.sub);
    next();
  };
  // Keyed by the admin: anonymous or forged requests are refused above and spend nothing.
  const writeLimit: RequestHandler = async (req, res, next) => {
    await auth.people.countWrite(authClaims(res).sub);
    next();
  };

  mountEndpoint(
    router,
    people.listPeople,
    async ({ res }) => {
      res.set('Cache-Control', NO_STORE);
      return { items: await auth.people.list() };
    },
    { before: [admin, stillAdmin] },
  );

  mountEndpoint(
    router,
    people.setRoles,
    async ({ body, res }) => {
      const claims = authClaims(res);
      const person = await auth.people.setRoles({ id: claims.sub, email: claims.email }, body.email, body.roles);
      res.set('Cache-Control', NO_STORE);
      return { person };
    },
    { before: [adminAal2, stillAdmin, writeLimit] },
  );

  mountEndpoint(
    router,
    people.listIdentityAudit,
    async ({ query, res }) => {
      res.set('Cache-Control', NO_STORE);
      return readAuditPage(deps.audit, query);
    },
    { before: [admin, stillAdmin] },
  );
}
