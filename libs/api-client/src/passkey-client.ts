import * as z from 'zod/mini';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/browser';
import {
  authOptionsResponseSchema,
  authVerifyResponseSchema,
  checkMembershipResponseSchema,
  clearWebauthnResponseSchema,
  createPasskeySessionResponseSchema,
  registerOptionsResponseSchema,
  registerVerifyResponseSchema,
  startLinkResponseSchema,
  verifyLinkResponseSchema,
  type AuthVerifyResponse,
  type CheckMembershipResponse,
  type CreatePasskeySessionResponse,
  type RegisterVerifyResponse,
} from '@croft/contracts';
import { ApiError, requestJson, type ClientOptions } from './api-error';

// Request/response shapes are the contract's (libs/contracts/src/identity.ts, "Passkeys and membership
// links"). The WebAuthn option objects are checked loosely there (a challenge) and passed to
// @simplewebauthn/browser, which validates the rest.

/** Where the browser is: the server compares these with its own configuration (never trusts them). */
export interface RelyingPartyContext {
  rpId: string;
  origin: string;
}

export type RegisterOptionsResult = { options: PublicKeyCredentialCreationOptionsJSON; userHandle: string };
export type RegisterVerifyResult = RegisterVerifyResponse;
export type AuthOptionsResult = { options: PublicKeyCredentialRequestOptionsJSON } | { error: 'no_credentials' };
export type AuthVerifyResult = AuthVerifyResponse;
export type CreatePasskeySessionResult = CreatePasskeySessionResponse;
export type MembershipCheckResult = CheckMembershipResponse;

export interface PasskeyClient {
  registerOptions(input: { userHandle?: string; displayName: string } & RelyingPartyContext): Promise<RegisterOptionsResult>;
  registerVerify(input: { userHandle: string; attResp: RegistrationResponseJSON } & RelyingPartyContext): Promise<RegisterVerifyResult>;
  authOptions(input: { userHandle?: string; discoverable?: boolean } & RelyingPartyContext): Promise<AuthOptionsResult>;
  authVerify(input: { userHandle?: string; authResp: AuthenticationResponseJSON } & RelyingPartyContext): Promise<AuthVerifyResult>;
  createSession(input: { userHandle: string; email: string; proof: string }): Promise<CreatePasskeySessionResult>;
  /** Needs the proof from auth-verify, or the signed-in owner. */
  clear(input: { userHandle: string; proof?: string }): Promise<void>;
  startLink(input: { userHandle: string; email: string }): Promise<void>;
  verifyLink(input: { userHandle: string; email: string; code: string }): Promise<void>;
  checkMembership(input: { userHandle: string }): Promise<MembershipCheckResult>;
}

function parse<T>(schema: z.ZodMiniType<T>, body: unknown, what: string): T {
  const result = z.safeParse(schema, body);
  if (!result.success) throw new ApiError(200, 'invalid_response', `The ${what} answer did not match its contract`);
  return result.data;
}

/** The identity service's passkey and membership-link calls (spec 001 §4, §7), mounted at /api/identity. */
export function createPasskeyClient(options: ClientOptions = {}): PasskeyClient {
  const base = '/api/identity';
  const post = (path: string, body: unknown) => requestJson(options, `${base}${path}`, { method: 'POST', body: JSON.stringify(body) });
  return {
    async registerOptions(input) {
      const body = parse(registerOptionsResponseSchema, await post('/webauthn/register-options', input), 'register-options');
      return { options: body.options as unknown as PublicKeyCredentialCreationOptionsJSON, userHandle: body.userHandle };
    },
    async registerVerify(input) {
      return parse(registerVerifyResponseSchema, await post('/webauthn/register-verify', input), 'register-verify');
    },
    async authOptions(input) {
      const body = parse(authOptionsResponseSchema, await post('/webauthn/auth-options', input), 'auth-options');
      if ('error' in body) return { error: body.error };
      return { options: body.options as unknown as PublicKeyCredentialRequestOptionsJSON };
    },
    async authVerify(input) {
      return parse(authVerifyResponseSchema, await post('/webauthn/auth-verify', input), 'auth-verify');
    },
    async createSession(input) {
      return parse(createPasskeySessionResponseSchema, await post('/webauthn/create-session', input), 'create-session');
    },
    async clear(input) {
      parse(clearWebauthnResponseSchema, await post('/webauthn/clear', input), 'clear');
    },
    async startLink(input) {
      parse(startLinkResponseSchema, await post('/membership/start-link', input), 'start-link');
    },
    async verifyLink(input) {
      parse(verifyLinkResponseSchema, await post('/membership/verify-link', input), 'verify-link');
    },
    async checkMembership(input) {
      return parse(checkMembershipResponseSchema, await post('/membership/check', input), 'membership check');
    },
  };
}
