export { EmailSignInDialog, type EmailSignInClient, type EmailSignInDialogProps } from './email-sign-in/email-sign-in-dialog';
export { MESSAGES, EMAIL_SIGN_IN_TITLES } from './messages';
