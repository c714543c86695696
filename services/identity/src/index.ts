export { identityModule } from './module';
export { createIdentityService, REFRESH_COOKIE_NAME } from './identity-service';
export type { IdentityService, IdentityServiceConfig, IdentityServiceOptions } from './identity-service';
export { identityConfigSchema, identityServiceConfig, IDENTITY_DEFAULT_PORT } from './config';
export type { IdentityConfig } from './config';
export {
  authClaims,
  bearerToken,
  identityIssuer,
  localJwksVerifier,
  remoteJwksVerifier,
  requireAuthWith,
} from './http/require-auth';
export type { RequireAuthOptions, TokenVerifier } from './http/require-auth';
export { DEFAULT_LIMITS, CODE_EMAIL_SUBJECT, MESSAGES as IDENTITY_MESSAGES } from './domain/auth';
export type { IdentityLimits } from './domain/auth';
export { identityModels } from './data';
export type { IdentityModels } from './data';
export { AAGUID_NAMES, passkeyName } from './domain/aaguid-names';
export { PASSKEY_MESSAGES, relyingPartyFrom } from './domain/passkeys';
export { LINK_EMAIL_SUBJECT, LINK_MESSAGES } from './domain/membership';
