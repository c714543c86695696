import * as z from 'zod/mini';
import {
  challengeResponseSchema,
  deleteFactorResponseSchema,
  deletePasskeyResponseSchema,
  enrollFactorResponseSchema,
  passkeyListResponseSchema,
  sessionSchema,
  userResponseSchema,
  type ChallengeResponse,
  type EnrollFactorResponse,
  type Passkey,
  type Session,
  type UserResponse,
} from '@croft/contracts';
import { ApiError, requestJson, type ClientOptions } from './api-error';

function parse<T>(schema: z.ZodMiniType<T>, body: unknown, what: string): T {
  const result = z.safeParse(schema, body);
  if (!result.success) throw new ApiError(200, 'invalid_response', `The ${what} answer did not match its contract`);
  return result.data;
}

export interface AccountClientOptions extends ClientOptions {
  /** The signed-in session's access token (null when signed out: calls then fail with 401 'not_signed_in'). */
  getAccessToken: () => string | null;
}

export interface AccountClient {
  listPasskeys(): Promise<Passkey[]>;
  deletePasskey(id: string): Promise<void>;
  getUser(): Promise<UserResponse>;
  /** Starts a TOTP enrolment: the factor stays unverified until verifyFactor succeeds. */
  enrolTotp(input: { friendlyName: string; issuer?: string }): Promise<EnrollFactorResponse>;
  challengeFactor(factorId: string): Promise<ChallengeResponse>;
  /** Verifies a code for a challenge; answers the new (aal2) session. */
  verifyFactor(input: { factorId: string; challengeId: string; code: string }): Promise<Session>;
  deleteFactor(factorId: string): Promise<void>;
  /** Ends every other session of this user; this one stays signed in. */
  signOutOthers(): Promise<void>;
}

/** The identity service's signed-in account calls (passkeys, MFA factors, sessions), bearer-authenticated. */
export function createAccountClient(options: AccountClientOptions): AccountClient {
  const base = '/api/identity';
  const call = (method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown) => {
    const token = options.getAccessToken();
    if (!token) return Promise.reject(new ApiError(401, 'not_signed_in', 'You are not signed in.'));
    return requestJson(options, `${base}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}` },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  };
  const id = (value: string) => encodeURIComponent(value);
  return {
    async listPasskeys() {
      return parse(passkeyListResponseSchema, await call('GET', '/passkeys'), 'passkeys').passkeys;
    },
    async deletePasskey(passkeyId) {
      parse(deletePasskeyResponseSchema, await call('DELETE', `/passkeys/${id(passkeyId)}`), 'remove passkey');
    },
    async getUser() {
      return parse(userResponseSchema, await call('GET', '/user'), 'user');
    },
    async enrolTotp({ friendlyName, issuer }) {
      const body = { friendly_name: friendlyName, factor_type: 'totp', ...(issuer ? { issuer } : {}) };
      return parse(enrollFactorResponseSchema, await call('POST', '/factors', body), 'enrol');
    },
    async challengeFactor(factorId) {
      return parse(challengeResponseSchema, await call('POST', `/factors/${id(factorId)}/challenge`, {}), 'challenge');
    },
    async verifyFactor({ factorId, challengeId, code }) {
      return parse(sessionSchema, await call('POST', `/factors/${id(factorId)}/verify`, { code, challenge_id: challengeId }), 'verify');
    },
    async deleteFactor(factorId) {
      parse(deleteFactorResponseSchema, await call('DELETE', `/factors/${id(factorId)}`), 'remove factor');
    },
    async signOutOthers() {
      await call('POST', '/logout?scope=others');
    },
  };
}
