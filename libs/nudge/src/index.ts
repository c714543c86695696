/**
 * @croft/nudge — the nudge in the browser (spec 000 §2–§5, §7, §9): the framework-free state and
 * its clearing rules, the `nudge-storage` database shared with the service worker, and the
 * messages on the `nudge-notification` channel. React: '@croft/nudge/react'. The service
 * worker's logic: '@croft/nudge/worker'.
 */
export * from './core/constants';
export { acceptNudgeMessage, acceptStoredNudge, isExternalUrl } from './core/validate';
export type { AcceptedNudgeMessage } from './core/validate';
export { openNudgeDatabase, readStoredNudge, writeStoredNudge } from './core/nudge-db';
export type { NudgeDatabase, StoredNudgeRead } from './core/nudge-db';
export { createNudgeController } from './core/nudge-controller';
export type { NudgeChannel, NudgeController, NudgeEnvironment, NudgeSnapshot, NudgeWorkerContainer } from './core/nudge-controller';
export { createBrowserNudgeController, registerNudgeWorker, openInNewTab, NUDGE_WORKER_URL } from './core/browser';
export { startAutoLink, AUTO_LINK_TIMING, AUTO_LINK_LAST_KEY } from './core/auto-link';
export type { AutoLinkOptions, AutoLinkSession } from './core/auto-link';
