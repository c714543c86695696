export {
  createSessionClient,
  SessionExpiredError,
  REFRESH_MARGIN_MS,
  REFRESH_RETRY_BASE_MS,
  type AuthEvent,
  type AuthListener,
  type Session,
  type SessionClient,
  type SessionClientOptions,
  type SessionUser,
  type Timers,
  type VisibilitySource,
} from './session-client';
export { readClaims, type AccessClaims } from './jwt-claims';
export { getSessionClient, restoreSession, SESSION_HINT_KEY } from './shared-client';
export { getEditMode, setEditMode, setPreviewMode, subscribeEditMode, useEditMode, type EditModeState } from './edit-mode';
