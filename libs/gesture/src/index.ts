/**
 * @croft/gesture — the secret "7" (spec 001 §4, §5, §9).
 * A pure recogniser and state machine (no DOM), and React bindings with a visible trail.
 */
export * from './core/constants';
export { recogniseSeven, findCorner } from './core/recognise-seven';
export type { GesturePoint, SevenResult, SevenRejection } from './core/recognise-seven';
export { createSevenGesture } from './core/seven-gesture';
export type {
  SevenGesture,
  SevenGestureOptions,
  SevenGestureSnapshot,
  SevenGestureState,
  SevenFailure,
  GestureTimers,
} from './core/seven-gesture';
export { useSecretSeven, isTypingTarget, SECRET_SEVEN_READY_ATTRIBUTE } from './react/use-secret-seven';
export type { UseSecretSeven, UseSecretSevenOptions, SevenVia } from './react/use-secret-seven';
export { SecretSevenTrail } from './react/secret-seven-trail';
export type { SecretSevenTrailProps } from './react/secret-seven-trail';
export { SecretSevenSurface } from './react/secret-seven-surface';
export type { SecretSevenSurfaceProps } from './react/secret-seven-surface';
