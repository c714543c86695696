import type { WindowLimit } from './counters';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Limits and lifetimes; every value can be overridden in the factory (tests use small ones). */
export interface IdentityLimits {
  /** Codes sent per email address (default 5 per 15 minutes). */
  codesPerEmail: WindowLimit;
  /** Codes requested per client IP (default 20 per 15 minutes). */
  codesPerIp: WindowLimit;
  /** Code verifications per client IP, right or wrong (default 100 per 15 minutes). */
  verificationsPerIp: WindowLimit;
  /** Failed code verifications per account, sign-in and membership-link codes together (default 100 per hour). */
  failuresPerAccount: WindowLimit;
  /** RPC calls per client IP (default 60 per minute). */
  rpcPerIp: WindowLimit;
  /** Sliding refresh-token lifetime (default 30 days). */
  refreshTtlMs: number;
  /** Absolute lifetime of a session (refresh family) (default 90 days). */
  sessionMaxMs: number;
  /**
   * A rotated refresh token presented again within this long of its rotation (two tabs refreshing
   * at once, or a retry after a lost answer) gets the same successor instead of revoking the
   * family (default 10 seconds). Later reuse revokes the family.
   */
  refreshReuseGraceMs: number;
  /** MFA challenge lifetime (default 5 minutes) and wrong codes allowed per challenge (5). */
  challengeTtlMs: number;
  challengeMaxAttempts: number;
  /** Wrong TOTP codes per user across all challenges (default 20 per hour): opening new challenges buys no guesses. */
  mfaFailuresPerUser: WindowLimit;
  /** Factors per user (default 10). */
  maxFactors: number;
  /** WebAuthn options/verify calls per client IP (default 60 per minute). */
  webauthnPerIp: WindowLimit;
  /** Role changes (PUT /admin/people/roles) per admin (default 30 per 15 minutes). */
  roleWritesPerUser: WindowLimit;
}

export const DEFAULT_LIMITS: IdentityLimits = {
  codesPerEmail: { windowMs: 15 * 60_000, limit: 5 },
  codesPerIp: { windowMs: 15 * 60_000, limit: 20 },
  verificationsPerIp: { windowMs: 15 * 60_000, limit: 100 },
  failuresPerAccount: { windowMs: HOUR, limit: 100 },
  rpcPerIp: { windowMs: 60_000, limit: 60 },
  refreshTtlMs: 30 * DAY,
  sessionMaxMs: 90 * DAY,
  refreshReuseGraceMs: 10_000,
  challengeTtlMs: 5 * 60_000,
  challengeMaxAttempts: 5,
  mfaFailuresPerUser: { windowMs: HOUR, limit: 20 },
  maxFactors: 10,
  webauthnPerIp: { windowMs: 60_000, limit: 60 },
  roleWritesPerUser: { windowMs: 15 * 60_000, limit: 30 },
};
