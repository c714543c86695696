/**
 * The secret "7" rules of spec 001: §5 (detection) and §9 (timing).
 * Distances are CSS pixels in viewport (client) coordinates; screen y grows downward.
 */

/** A stroke needs at least this many points before it can be a 7 (§5). */
export const MIN_POINTS = 12;
/** The "drawing" state starts once more than this many points are recorded (§5). */
export const DRAWING_AFTER_POINTS = 10;
/** The top stroke runs left to right for at least this far (§5). */
export const MIN_HORIZONTAL_PX = 70;
/** The top stroke may drift vertically by at most this fraction of its length ("roughly horizontal"). */
export const MAX_HORIZONTAL_DRIFT_RATIO = 0.5;
/** The second stroke goes down at least this far (§5). */
export const MIN_DOWN_PX = 80;
/** ...while moving sideways (to the left, as a 7's stem does) at least this far (§5). */
export const MIN_DOWN_HORIZONTAL_PX = 30;
/** ...with |dy| / |dx| of at least this (§5). */
export const MIN_SLOPE = 0.6;
/** An attempt times out this long after its first point (§9). */
export const ATTEMPT_TIMEOUT_MS = 8000;
/** The trail and state clear this long after a recognised 7 (§9). */
export const CLEAR_AFTER_COMPLETE_MS = 1000;
/** The trail and state clear this long after a stroke ends without a 7 (§9). */
export const CLEAR_AFTER_END_MS = 500;
