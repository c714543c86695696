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
  welcomeBack: { title: 'Welcome back!' },
  signedInShort: { title: 'Signed in' },
  // Membership gate (spec 001 §4, §8).
  membershipGranted: { title: 'Croft Common Membership access granted via secure Face ID/Passkey' },
  membershipLinked: { title: 'Membership Linked' },
  relinkMembership: { title: 'For your security, please relink your membership to this device.' },
  // Link membership (spec 001 §5, §8). The code message has a non-breaking hyphen (U+2011), as in the spec.
  linkInvalidEmail: 'Please enter a valid email.',
  linkNotSubscribed: 'That email is not an active subscriber.',
  linkSendFailed: 'Could not send code. Please try again.',
  linkCodeLength: 'Enter the 6\u2011digit code from your email.',
  linkInvalidCode: 'Invalid or expired code. Please try again.',
  linkNoDevicePasskey: 'No device passkey found. Please try Face ID again.',
  // Passkey unlock (spec 001 §2 modal 2).
  passkeyUnsupported: 'Passkeys are not supported in this browser.',
  passkeyNoPlatform: 'No built-in authenticator available on this device.',
  // Secret Kitchens (spec 001 §5).
  secretKitchensDenied: { title: 'Access denied', description: 'This email address is not authorized for Secret Kitchens.' },
} as const;

export const EMAIL_SIGN_IN_TITLES = {
  email: 'Sign in',
  code: 'Enter verification code',
  staff: 'IMPORTANT PLEASE READ INSTRUCTIONS',
} as const;

export const MEMBERSHIP_GATE_TITLES = {
  passkey: 'Croft Common Membership',
  linkEmail: 'Link your membership',
  linkCode: 'Enter your code',
  secretKitchens: 'Sign In to Secret Kitchens',
} as const;

export const MEMBERSHIP_GATE_BUTTONS = {
  usePasskey: 'Use Face ID / Passkey',
  emailInstead: 'Email instead',
} as const;

/** Secret Kitchens sign-in notice (spec 001 §2 modal 5). */
export const SECRET_KITCHENS_NOTICE =
  'First time signing in? We’ll email you a code to confirm it’s you. After that, your email is all you need.';
