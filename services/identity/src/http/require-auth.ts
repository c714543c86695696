// The access-token middleware lives in the service kit so every service guards its endpoints the
// same way; identity re-exports it for callers that already import it from here.
export {
  authClaims,
  bearerToken,
  identityIssuer,
  localJwksVerifier,
  remoteJwksVerifier,
  requireAuthWith,
} from '@croft/service-kit';
export type { RequireAuthOptions, TokenVerifier } from '@croft/service-kit';
