export { EmailSignInDialog, type EmailSignInClient, type EmailSignInDialogProps } from './email-sign-in/email-sign-in-dialog';
export { MESSAGES, EMAIL_SIGN_IN_TITLES, MEMBERSHIP_GATE_TITLES, MEMBERSHIP_GATE_BUTTONS, SECRET_KITCHENS_NOTICE } from './messages';
export {
  createDeviceStore,
  createMemoryStorage,
  DEVICE_STORAGE_KEYS,
  DEVICE_TRUST_MS,
  RECENT_REGISTRATION_MS,
  type DeviceStore,
  type DeviceStoreOptions,
  type StorageLike,
} from './device-store';
export {
  PASSKEY_ERROR_CODES,
  PASSKEY_ERROR_MESSAGES,
  DEFAULT_PASSKEY_ERROR_MESSAGE,
  NO_PASSKEY_YET_MESSAGE,
  PasskeyError,
  toPasskeyErrorCode,
  passkeyErrorMessage,
  needsReRegistration,
  type PasskeyErrorCode,
} from './passkey-errors';
export {
  createMembershipGateController,
  GATE_START_DEBOUNCE_MS,
  type AllowedVia,
  type GatePasskeyClient,
  type GateState,
  type GateToast,
  type MembershipGateController,
  type MembershipGateDeps,
  type PasskeySupport,
} from './membership-gate/membership-gate-controller';
export { createBrowserPasskeyApi, isAppleWebKit, type PasskeyApi } from './membership-gate/passkey-api';
export { useMembershipGate, type MembershipGateHandle, type UseMembershipGateOptions } from './membership-gate/use-membership-gate';
export { MembershipGate, type MembershipGateProps } from './membership-gate/membership-gate';
export { PasskeyUnlockDialog, type PasskeyUnlockDialogProps } from './membership-gate/passkey-unlock-dialog';
export { LinkMembershipDialog, type LinkMembershipDialogProps } from './membership-gate/link-membership-dialog';
export {
  SecretKitchensSignInDialog,
  type SecretKitchensClient,
  type SecretKitchensSignInDialogProps,
} from './secret-kitchens/secret-kitchens-sign-in-dialog';
