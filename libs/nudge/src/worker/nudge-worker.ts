import { endpointUrl, NUDGE_ROUTES } from '@croft/contracts/nudge-routes';
import { NUDGE_CHANNEL, type NudgeMessage, type StoredNudge } from '../core/constants';
import { isExternalUrl } from '../core/validate';

/** What a push carries (the nudge service's payload): title, body, url, nudge_id. */
export interface NudgePush {
  title: string;
  body: string;
  url: string;
  nudge_id: string;
}

/** The part of a WindowClient the worker uses. */
export interface WorkerWindowClient {
  url: string;
  focused: boolean;
  postMessage(message: unknown): void;
  focus(): Promise<WorkerWindowClient>;
}

/** Everything the worker touches in its global scope, injected so that tests can drive it. */
export interface NudgeWorkerScope {
  origin: string;
  showNotification(title: string, options: NotificationOptions): Promise<void>;
  matchClients(): Promise<readonly WorkerWindowClient[]>;
  openWindow(url: string): Promise<WorkerWindowClient | null>;
  writeStoredNudge(record: StoredNudge, options: { pending: boolean }): Promise<void>;
  /** Opens the broadcast channel; undefined where the worker has none. */
  createChannel?: (name: string) => { postMessage(message: unknown): void; close(): void };
  fetch: (url: string, init: RequestInit) => Promise<{ ok: boolean; status: number }>;
  now: () => number;
  logger: Pick<Console, 'error' | 'warn' | 'info'>;
}

/** The site's name on a notification that came without a usable payload. */
export const FALLBACK_TITLE = 'Croft Common';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** The push's JSON, or null when it is missing, not JSON, or lacks a url. */
export function parsePush(data: { json(): unknown } | null | undefined): NudgePush | null {
  if (!data) return null;
  let value: unknown;
  try {
    value = data.json();
  } catch {
    return null;
  }
  if (!isRecord(value)) return null;
  const { title, body, url, nudge_id } = value;
  if (typeof url !== 'string' || url === '' || url === 'undefined') return null;
  return {
    title: typeof title === 'string' && title.trim() ? title : FALLBACK_TITLE,
    body: typeof body === 'string' ? body : '',
    url,
    nudge_id: typeof nudge_id === 'string' ? nudge_id : '',
  };
}

/** The address a notification opens: an http(s) url as is, an internal path on the site. */
export function absoluteUrl(url: string, origin: string): string {
  if (isExternalUrl(url)) return url;
  return new URL(url.startsWith('/') ? url : `/${url}`, origin).href;
}

function broadcast(scope: NudgeWorkerScope, message: NudgeMessage): void {
  if (!scope.createChannel) return;
  try {
    const channel = scope.createChannel(NUDGE_CHANNEL);
    channel.postMessage(message);
    channel.close();
  } catch (error) {
    scope.logger.error('[nudge-sw] broadcast failed', error);
  }
}

function tell(clients: readonly WorkerWindowClient[], message: NudgeMessage, scope: NudgeWorkerScope): void {
  for (const client of clients) {
    try {
      client.postMessage(message);
    } catch (error) {
      scope.logger.error('[nudge-sw] could not message a page', error);
    }
  }
}

const sameSite = (client: WorkerWindowClient, origin: string) => {
  try {
    return new URL(client.url).origin === origin;
  } catch {
    return false;
  }
};

/**
 * `push`: shows the notification, stores the nudge (`current`, and `delivery_pending` when no
 * page of the site is focused) and announces SHOW_NUDGE on the channel and to every open page.
 * A push without a usable payload still shows a notification (browsers require one).
 */
export async function handlePush(scope: NudgeWorkerScope, data: { json(): unknown } | null | undefined): Promise<void> {
  const push = parsePush(data);
  if (!push) {
    scope.logger.warn('[nudge-sw] a push without a usable payload');
    await scope.showNotification(FALLBACK_TITLE, { body: '' });
    return;
  }
  const timestamp = scope.now();
  const clients = (await scope.matchClients()).filter((c) => sameSite(c, scope.origin));
  const focused = clients.some((c) => c.focused);
  const record: StoredNudge = { url: push.url, timestamp, nudge_id: push.nudge_id };
  // Each step on its own: a notification the browser refuses (permission withdrawn) still leaves
  // the nudge stored and announced, and a failed write still shows the notification.
  await Promise.all([
    scope
      .showNotification(push.title, {
        body: push.body,
        tag: push.nudge_id || undefined,
        data: { url: push.url, nudge_id: push.nudge_id },
      })
      .catch((error: unknown) => scope.logger.error('[nudge-sw] could not show the notification', error)),
    scope.writeStoredNudge(record, { pending: !focused }).catch((error: unknown) => {
      scope.logger.error('[nudge-sw] could not store the nudge', error);
    }),
  ]);
  const message: NudgeMessage = { type: 'SHOW_NUDGE', url: push.url, timestamp, source: 'push' };
  broadcast(scope, message);
  tell(clients, message, scope);
}

/**
 * `notificationclick`: focuses an open page of the site (or opens the nudge's address), tells it
 * SW_NAVIGATE with the url, and counts the click with the nudge service (best effort).
 */
export async function handleNotificationClick(
  scope: NudgeWorkerScope,
  notification: { data?: unknown; close(): void },
): Promise<void> {
  notification.close();
  const data = isRecord(notification.data) ? notification.data : {};
  const url = typeof data.url === 'string' && data.url !== 'undefined' ? data.url : '/';
  const nudgeId = typeof data.nudge_id === 'string' ? data.nudge_id : '';
  const message: NudgeMessage = { type: 'SW_NAVIGATE', url, timestamp: scope.now(), source: 'notificationclick' };

  const counted = nudgeId
    ? scope
        .fetch(endpointUrl(NUDGE_ROUTES.click, { params: { id: nudgeId } }), { method: NUDGE_ROUTES.click.method, credentials: 'same-origin' })
        .then(
          (res) => {
            if (!res.ok) scope.logger.warn(`[nudge-sw] the click was not counted (${res.status})`);
          },
          (error: unknown) => scope.logger.warn('[nudge-sw] the click was not counted', error),
        )
    : Promise.resolve();

  const clients = (await scope.matchClients()).filter((c) => sameSite(c, scope.origin));
  const client = clients.find((c) => c.focused) ?? clients[0];
  try {
    if (client) {
      const shown = await client.focus().catch(() => client);
      shown.postMessage(message);
    } else {
      const opened = await scope.openWindow(absoluteUrl(url, scope.origin));
      opened?.postMessage(message);
    }
  } catch (error) {
    scope.logger.error('[nudge-sw] could not open the site', error);
  }
  broadcast(scope, message);
  await counted;
}

/**
 * Messages from pages: APP_READY (answered with a TEST so the page knows the worker hears it)
 * and NUDGE_RECEIVED (logged). Anything else is ignored.
 */
export function handlePageMessage(
  scope: NudgeWorkerScope,
  data: unknown,
  source: { postMessage(message: unknown): void } | null | undefined,
): NudgeMessage | null {
  if (!isRecord(data)) return null;
  if (data.type === 'APP_READY') {
    const reply: NudgeMessage = { type: 'TEST', timestamp: scope.now() };
    try {
      source?.postMessage(reply);
    } catch (error) {
      scope.logger.error('[nudge-sw] could not answer APP_READY', error);
    }
    return reply;
  }
  if (data.type === 'NUDGE_RECEIVED') {
    scope.logger.info(`[nudge-sw] a page received ${String(data.url)} (${String(data.source ?? 'unknown')})`);
  }
  return null;
}
