/** The claims the shell needs from an access token. The signature is the server's business. */
export interface AccessClaims {
  sub: string;
  email: string;
  roles: string[];
  aal: 'aal1' | 'aal2';
  amr: string[];
  sid: string;
  exp: number;
}

function base64UrlDecode(part: string): string {
  const base64 = part.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(part.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** Reads (does not verify) a JWT's payload; null when it is not a readable JWT. */
export function readClaims(token: string): AccessClaims | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  try {
    const payload = JSON.parse(base64UrlDecode(parts[1])) as Partial<AccessClaims> & { session_id?: unknown };
    if (typeof payload.sub !== 'string' || typeof payload.exp !== 'number') return null;
    return {
      sub: payload.sub,
      email: typeof payload.email === 'string' ? payload.email : '',
      roles: Array.isArray(payload.roles) ? payload.roles.filter((r): r is string => typeof r === 'string') : [],
      aal: payload.aal === 'aal2' ? 'aal2' : 'aal1',
      // amr entries may be plain method names or { method } objects
      amr: Array.isArray(payload.amr)
        ? payload.amr
            .map((r: unknown) => (typeof r === 'string' ? r : (r as { method?: unknown })?.method))
            .filter((r): r is string => typeof r === 'string')
        : [],
      sid: typeof payload.sid === 'string' ? payload.sid : typeof payload.session_id === 'string' ? payload.session_id : '',
      exp: payload.exp,
    };
  } catch {
    return null;
  }
}
