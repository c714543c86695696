/**
 * The site's service worker, served by the gateway at /sw.js (root scope). Built on its own by
 * tools/federation/sw.rspack.config.mjs into dist/shell/sw.js. Its logic lives in @croft/nudge/worker as
 * plain functions (unit-tested there); this file wires them to the worker's events.
 * No fetch handler: pages and their files never go through it.
 */
import {
  handleNotificationClick,
  handlePageMessage,
  handlePush,
  writeStoredNudge,
  type NudgeWorkerScope,
  type WorkerWindowClient,
} from '@croft/nudge/worker';

// The worker's own types (lib "WebWorker") clash with the DOM's in one program: only what we use.
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface PushEvent extends ExtendableEvent {
  data: { json(): unknown } | null;
}
interface NotificationEvent extends ExtendableEvent {
  notification: Notification;
}
interface ExtendableMessageEvent extends ExtendableEvent {
  data: unknown;
  source: { postMessage(message: unknown): void } | null;
}
interface WorkerGlobalScope {
  registration: ServiceWorkerRegistration;
  location: Location;
  clients: {
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly WorkerWindowClient[]>;
    openWindow(url: string): Promise<WorkerWindowClient | null>;
    claim(): Promise<void>;
  };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'push', listener: (event: PushEvent) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationEvent) => void): void;
  addEventListener(type: 'message', listener: (event: ExtendableMessageEvent) => void): void;
}

const worker = self as unknown as WorkerGlobalScope;

const scope: NudgeWorkerScope = {
  origin: worker.location.origin,
  showNotification: (title, options) => worker.registration.showNotification(title, options),
  matchClients: () => worker.clients.matchAll({ type: 'window', includeUncontrolled: true }),
  openWindow: (url) => worker.clients.openWindow(url),
  writeStoredNudge: (record, options) => writeStoredNudge(record, options),
  createChannel: typeof BroadcastChannel === 'function' ? (name) => new BroadcastChannel(name) : undefined,
  fetch: (url, init) => fetch(url, init),
  now: () => Date.now(),
  logger: console,
};

// A new version takes over at once: the worker keeps no caches that could be out of step.
worker.addEventListener('install', (event) => event.waitUntil(worker.skipWaiting()));
worker.addEventListener('activate', (event) => event.waitUntil(worker.clients.claim()));
worker.addEventListener('push', (event) => event.waitUntil(handlePush(scope, event.data)));
worker.addEventListener('notificationclick', (event) => event.waitUntil(handleNotificationClick(scope, event.notification)));
worker.addEventListener('message', (event) => {
  handlePageMessage(scope, event.data, event.source);
});
