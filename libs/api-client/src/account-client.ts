import {
  challengeFactorEndpoint,
  deleteFactorEndpoint,
  deletePasskeyEndpoint,
  enrollFactorEndpoint,
  getUserEndpoint,
  listPasskeysEndpoint,
  logoutEndpoint,
  verifyFactorEndpoint,
  type ChallengeResponse,
  type EnrollFactorResponse,
  type Passkey,
  type Session,
  type UserResponse,
} from '@croft/contracts';
import { ApiError, type ClientOptions } from './api-error';
import { callEndpoint, type CallInit } from './call-endpoint';

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
  /** The bearer header for one call; no token (signed out) fails before anything is sent. */
  const bearer = (): CallInit => {
    const token = options.getAccessToken();
    if (!token) throw new ApiError(401, 'not_signed_in', 'You are not signed in.');
    return { headers: { authorization: `Bearer ${token}` } };
  };
  return {
    async listPasskeys() {
      return (await callEndpoint(options, listPasskeysEndpoint, {}, bearer())).passkeys;
    },
    async deletePasskey(passkeyId) {
      await callEndpoint(options, deletePasskeyEndpoint, { params: { id: passkeyId } }, bearer());
    },
    async getUser() {
      return callEndpoint(options, getUserEndpoint, {}, bearer());
    },
    async enrolTotp({ friendlyName, issuer }) {
      const body = { friendly_name: friendlyName, factor_type: 'totp' as const, ...(issuer ? { issuer } : {}) };
      return callEndpoint(options, enrollFactorEndpoint, { body }, bearer());
    },
    async challengeFactor(factorId) {
      return callEndpoint(options, challengeFactorEndpoint, { params: { id: factorId }, body: {} }, bearer());
    },
    async verifyFactor({ factorId, challengeId, code }) {
      return callEndpoint(options, verifyFactorEndpoint, { params: { id: factorId }, body: { code, challenge_id: challengeId } }, bearer());
    },
    async deleteFactor(factorId) {
      await callEndpoint(options, deleteFactorEndpoint, { params: { id: factorId } }, bearer());
    },
    async signOutOthers() {
      await callEndpoint(options, logoutEndpoint, { query: { scope: 'others' } }, bearer());
    },
  };
}
