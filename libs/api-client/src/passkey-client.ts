import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/browser';
import {
  authOptionsEndpoint,
  authVerifyEndpoint,
  checkMembershipEndpoint,
  clearPasskeysEndpoint,
  createPasskeySessionEndpoint,
  registerOptionsEndpoint,
  registerVerifyEndpoint,
  startMembershipLinkEndpoint,
  verifyMembershipLinkEndpoint,
  type AuthVerifyBody,
  type AuthVerifyResponse,
  type CheckMembershipResponse,
  type CreatePasskeySessionResponse,
  type RegisterVerifyBody,
  type RegisterVerifyResponse,
} from '@croft/contracts';
import type { ClientOptions } from './api-error';
import { callEndpoint } from './call-endpoint';

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

/** The identity service's passkey and membership-link calls (spec 001 §4, §7), typed over its endpoint contracts. */
export function createPasskeyClient(options: ClientOptions = {}): PasskeyClient {
  return {
    async registerOptions(body) {
      const answer = await callEndpoint(options, registerOptionsEndpoint, { body });
      return { options: answer.options as unknown as PublicKeyCredentialCreationOptionsJSON, userHandle: answer.userHandle };
    },
    // @simplewebauthn/browser types the credential more widely than the contract (any transport
    // string, its own extension outputs); the service validates the body as the contract says.
    registerVerify: (body) => callEndpoint(options, registerVerifyEndpoint, { body: body as RegisterVerifyBody }),
    async authOptions(body) {
      const answer = await callEndpoint(options, authOptionsEndpoint, { body });
      if ('error' in answer) return { error: answer.error };
      return { options: answer.options as unknown as PublicKeyCredentialRequestOptionsJSON };
    },
    authVerify: (body) => callEndpoint(options, authVerifyEndpoint, { body: body as AuthVerifyBody }),
    createSession: (body) => callEndpoint(options, createPasskeySessionEndpoint, { body }),
    async clear(body) {
      await callEndpoint(options, clearPasskeysEndpoint, { body });
    },
    async startLink(body) {
      await callEndpoint(options, startMembershipLinkEndpoint, { body });
    },
    async verifyLink(body) {
      await callEndpoint(options, verifyMembershipLinkEndpoint, { body });
    },
    checkMembership: (body) => callEndpoint(options, checkMembershipEndpoint, { body }),
  };
}
