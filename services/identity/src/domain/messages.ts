/** The user-visible messages of sign-in codes, sessions and factors (spec 001's catalogue). */
export const CODE_EMAIL_SUBJECT = 'Your Croft Common sign-in code';
export const DEFAULT_TOTP_ISSUER = 'Croft Common';

export const MESSAGES = {
  rateLimited: 'Too many codes requested. Please wait a few minutes and try again.',
  verifyRateLimited: 'Too many sign-in attempts. Please wait a few minutes and try again.',
  userNotFound: 'No account exists for this email address. Please sign up first or check your email address.',
  secretKitchenDenied: 'This email address is not authorized for Secret Kitchens.',
  invalidCode: 'Invalid or expired code. Please try again.',
  codeExpired: 'This code has expired. Please request a new one.',
  tooManyAttempts: 'Too many attempts with this code. Please request a new one.',
  tooManyFailures: 'Too many failed sign-in attempts. Please try again in an hour.',
  sendFailed: 'Could not send code. Please try again.',
  refreshMissing: 'Refresh token missing. Please sign in again.',
  refreshInvalid: 'Invalid refresh token. Please sign in again.',
  refreshReused: 'This refresh token was already used. For your security you have been signed out everywhere on this session.',
  sessionExpired: 'Your session has expired. Please sign in again.',
  unsupportedFactor: 'Phone factors are not supported.',
  aal2Required: 'Verify with your authenticator app first (AAL2 required).',
  factorNotFound: 'Factor not found.',
  factorNameTaken: 'A verified factor with this name already exists.',
  tooManyFactors: 'Too many factors. Remove one before adding another.',
  challengeNotFound: 'Challenge not found.',
  challengeExpired: 'This challenge has expired. Please start again.',
  challengeUsed: 'This challenge was already used. Please start again.',
  invalidTotp: 'Invalid TOTP code entered',
  tooManyTotpAttempts: 'Too many attempts for this challenge. Please start again.',
  tooManyTotpFailures: 'Too many wrong authenticator codes. Please try again in an hour.',
} as const;

/** The staff-roles screen's refusals (the protected and last admin messages are the contract's). */
export const PEOPLE_MESSAGES = {
  forbidden: 'You do not have permission to do this.',
  rateLimited: 'Too many role changes. Please wait a few minutes and try again.',
} as const;
