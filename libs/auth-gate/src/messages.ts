/** The catalogue of spec 001 §5 and §8: every user-visible text of the gates, exact. */
export const MESSAGES = {
  emailRequired: { title: 'Email required', description: 'Please enter your email address.' },
  accessDenied: { title: 'Access denied', description: 'This email address is not authorized.' },
  validationError: { title: 'Validation error' },
  codeRequired: { title: 'Code required', description: 'Please enter the 6-digit code from your email.' },
  codeSent: { title: 'Code sent!' },
  authenticationFailed: { title: 'Authentication failed' },
  failedToSendCode: { title: 'Failed to send code' },
  unexpectedError: { title: 'Unexpected error' },
  invalidCode: { title: 'Invalid code' },
  verificationFailed: { title: 'Verification failed' },
  signedIn: { title: 'Signed in successfully!' },
} as const;

export const EMAIL_SIGN_IN_TITLES = {
  email: 'Sign in',
  code: 'Enter verification code',
  staff: 'IMPORTANT PLEASE READ INSTRUCTIONS',
} as const;
