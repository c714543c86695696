import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import type { IdentityRole } from '@croft/contracts';
import { identityIssuer, localJwksVerifier, type TokenVerifier } from '../auth';

/**
 * Test-only token minting for any service's tests: a throwaway ES256 key and a verifier for it,
 * with the claims identity would issue (email, roles, aal, mfa; subject and expiry).
 */
export async function testTokens(origin: string): Promise<{
  verify: TokenVerifier;
  token(claims?: { roles?: IdentityRole[]; aal?: 'aal1' | 'aal2'; mfa?: boolean; expiresIn?: string; sub?: string; email?: string }): Promise<string>;
}> {
  const { privateKey, publicKey } = await generateKeyPair('ES256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'test-key', alg: 'ES256', use: 'sig' };
  const issuer = identityIssuer(origin);
  return {
    verify: localJwksVerifier({ jwks: { keys: [jwk] }, issuer }),
    async token(claims = {}) {
      return new SignJWT({
        email: claims.email ?? 'staff@croftcommon.test',
        roles: claims.roles ?? ['staff'],
        aal: claims.aal ?? 'aal1',
        amr: ['otp'],
        session_id: 'session-1',
        mfa: claims.mfa ?? false,
      })
        .setProtectedHeader({ alg: 'ES256', kid: 'test-key' })
        .setSubject(claims.sub ?? 'user-staff-1')
        .setIssuer(issuer)
        .setAudience('croft')
        .setIssuedAt()
        .setExpirationTime(claims.expiresIn ?? '10m')
        .sign(privateKey);
    },
  };
}
