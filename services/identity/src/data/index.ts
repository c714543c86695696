/**
 * Identity's collections, one model per file. Every model is defined on the service's own connection.
 * Passkeys (identity_passkeys) and membership links (identity_membership_links) are keyed by
 * the passkey user handle, which may exist before any user account; create-session opens a
 * session through the same session store with amr 'passkey'.
 */
import type { Connection, Model } from 'mongoose';
import { userModel, type UserDoc } from './user';
import { emailCodeModel, type EmailCodeDoc } from './email-code';
import { sessionModel, type SessionDoc } from './session';
import { refreshTokenModel, type RefreshTokenDoc } from './refresh-token';
import { factorModel, type FactorDoc } from './factor';
import { challengeModel, type ChallengeDoc } from './challenge';
import { signingKeyModel, type SigningKeyDoc } from './signing-key';
import { allowedDomainModel, type AllowedDomainDoc } from './allowed-domain';
import { secretKitchenAccessModel, type SecretKitchenAccessDoc } from './secret-kitchen-access';
import { counterModel, type CounterDoc } from './counter';
import { passkeyModel, type PasskeyDoc } from './passkey';
import { webauthnChallengeModel, type WebauthnChallengeDoc } from './webauthn-challenge';
import { passkeyProofModel, type PasskeyProofDoc } from './passkey-proof';
import { membershipLinkModel, type MembershipLinkDoc } from './membership-link';
import { linkCodeModel, type LinkCodeDoc } from './link-code';
import { roleGrantModel, type RoleGrantDoc } from './role-grant';
import { gateUnlockModel, type GateUnlockDoc } from './gate-unlock';

export * from './user';
export * from './email-code';
export * from './session';
export * from './refresh-token';
export * from './factor';
export * from './challenge';
export * from './signing-key';
export * from './allowed-domain';
export * from './secret-kitchen-access';
export * from './counter';
export * from './passkey';
export * from './webauthn-challenge';
export * from './passkey-proof';
export * from './membership-link';
export * from './link-code';
export * from './role-grant';
export * from './gate-unlock';

export interface IdentityModels {
  user: Model<UserDoc>;
  emailCode: Model<EmailCodeDoc>;
  session: Model<SessionDoc>;
  refreshToken: Model<RefreshTokenDoc>;
  factor: Model<FactorDoc>;
  challenge: Model<ChallengeDoc>;
  signingKey: Model<SigningKeyDoc>;
  allowedDomain: Model<AllowedDomainDoc>;
  secretKitchenAccess: Model<SecretKitchenAccessDoc>;
  counter: Model<CounterDoc>;
  passkey: Model<PasskeyDoc>;
  webauthnChallenge: Model<WebauthnChallengeDoc>;
  passkeyProof: Model<PasskeyProofDoc>;
  membershipLink: Model<MembershipLinkDoc>;
  linkCode: Model<LinkCodeDoc>;
  roleGrant: Model<RoleGrantDoc>;
  gateUnlock: Model<GateUnlockDoc>;
}

export function identityModels(db: Connection): IdentityModels {
  return {
    user: userModel(db),
    emailCode: emailCodeModel(db),
    session: sessionModel(db),
    refreshToken: refreshTokenModel(db),
    factor: factorModel(db),
    challenge: challengeModel(db),
    signingKey: signingKeyModel(db),
    allowedDomain: allowedDomainModel(db),
    secretKitchenAccess: secretKitchenAccessModel(db),
    counter: counterModel(db),
    passkey: passkeyModel(db),
    webauthnChallenge: webauthnChallengeModel(db),
    passkeyProof: passkeyProofModel(db),
    membershipLink: membershipLinkModel(db),
    linkCode: linkCodeModel(db),
    roleGrant: roleGrantModel(db),
    gateUnlock: gateUnlockModel(db),
  };
}
