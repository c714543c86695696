export { buildFaqRow, buildFaqFixtures } from './content/faq-factory';
export { contentHandlers } from './content/handlers';
export { defaultHandlers } from './handlers';
export { identityHandlers, MOCK_SIGN_IN_CODE, type IdentityMockOptions } from './identity/handlers';
export { buildSession } from './identity/session-factory';
export { passkeyHandlers, MOCK_USER_HANDLE, MOCK_CHALLENGE, MOCK_PROOF, type PasskeyMockOptions, type PasskeyMockState } from './identity/passkey-handlers';
export { accountHandlers, buildPasskey, buildPasskeyList, buildFactor, MOCK_TOTP_SECRET, type AccountMockOptions } from './identity/account-handlers';
