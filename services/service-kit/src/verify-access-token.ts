import { jwtVerify } from 'jose';
import * as z from 'zod/mini';
import { accessTokenClaimsSchema, type AccessTokenClaims } from '@croft/contracts';

export const ACCESS_TOKEN_AUDIENCE = 'croft';
export const ACCESS_TOKEN_ALG = 'ES256';

/** Verifies an identity access token against a key set (local or remote JWKS) and parses its claims. */
export async function verifyAccessTokenWith(
  keySet: Parameters<typeof jwtVerify>[1],
  token: string,
  options: { issuer: string; currentDate?: Date },
): Promise<AccessTokenClaims> {
  const { payload } = await jwtVerify(token, keySet as never, {
    issuer: options.issuer,
    audience: ACCESS_TOKEN_AUDIENCE,
    algorithms: [ACCESS_TOKEN_ALG],
    currentDate: options.currentDate,
  });
  return z.parse(accessTokenClaimsSchema, payload);
}
