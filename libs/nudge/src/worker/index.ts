/**
 * @croft/nudge/worker: the service worker's logic (push, notification click, page messages) as
 * plain functions over an injected scope. The worker's entry is shell/src/sw.ts.
 */
export { absoluteUrl, FALLBACK_TITLE, handleNotificationClick, handlePageMessage, handlePush, parsePush } from './nudge-worker';
export type { NudgePush, NudgeWorkerScope, WorkerWindowClient } from './nudge-worker';
export { writeStoredNudge, openNudgeDatabase } from '../core/nudge-db';
