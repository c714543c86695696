/** Test helpers for staff roles: an admin at aal2 (a verified authenticator app) and the people endpoints. */
import request from 'supertest';
import { authenticator } from 'otplib';
import { expect } from 'vitest';
import {
  challengeResponseSchema,
  enrollFactorResponseSchema,
  sessionSchema,
  setRolesResponseSchema,
  type IdentityRole,
  type Person,
  type Session,
} from '@croft/contracts';
import { signIn, type Harness } from './harness';

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

const totpAt = (secret: string, ms: number) => authenticator.clone({ epoch: ms }).generate(secret);

/** Enrols and verifies a TOTP factor for a signed-in user: the session at aal2. */
export async function raiseToAal2(h: Harness, session: Session, name = 'Phone app'): Promise<Session> {
  const token = session.access_token;
  const enrolled = await request(h.app).post('/api/identity/factors').set(bearer(token)).send({ friendly_name: name, factor_type: 'totp' });
  expect(enrolled.status, JSON.stringify(enrolled.body)).toBe(200);
  const factor = enrollFactorResponseSchema.parse(enrolled.body);
  const challenged = await request(h.app).post(`/api/identity/factors/${factor.id}/challenge`).set(bearer(token)).send({});
  const { id } = challengeResponseSchema.parse(challenged.body);
  const verified = await request(h.app)
    .post(`/api/identity/factors/${factor.id}/verify`)
    .set(bearer(token))
    .send({ code: totpAt(factor.totp.secret, h.clock.now().getTime()), challenge_id: id });
  expect(verified.status, JSON.stringify(verified.body)).toBe(200);
  return sessionSchema.parse(verified.body);
}

/** Signs in by emailed code and, with `aal2`, raises the session with a new authenticator app. */
export async function signedIn(h: Harness, email: string, options: { aal2?: boolean } = {}): Promise<{ session: Session; refresh: string }> {
  const { session, refresh } = await signIn(h, email);
  return { session: options.aal2 ? await raiseToAal2(h, session) : session, refresh };
}

export const listPeople = (h: Harness, token: string) => request(h.app).get('/api/identity/admin/people').set(bearer(token));

export const putRoles = (h: Harness, token: string, body: unknown) =>
  request(h.app).put('/api/identity/admin/people/roles').set(bearer(token)).send(body as object);

export const listAudit = (h: Harness, token: string, query = '') => request(h.app).get(`/api/identity/audit${query}`).set(bearer(token));

/** PUT /admin/people/roles that must succeed: the person answered. */
export async function setRoles(h: Harness, token: string, email: string, roles: IdentityRole[]): Promise<Person> {
  const response = await putRoles(h, token, { email, roles });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return setRolesResponseSchema.parse(response.body).person;
}
