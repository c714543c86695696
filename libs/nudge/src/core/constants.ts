/** The nudge's constants (spec 000 §3, §7, §9). Exact: the service worker and the app share them. */
import { NUDGE_URL_KEY } from './first-load';

/** Spec 000 §9, every nudge timing in milliseconds. */
export const NUDGE_TIMING = {
  /** A nudge nobody clicked is cleared after 10 minutes. */
  autoClearMs: 10 * 60 * 1000,
  /** The state is synchronised from session storage every 2 s. */
  syncMs: 2000,
  /** After a click the nudge is cleared at once, and again 2 s later (backup clear). */
  backupClearMs: 2000,
  /** APP_READY goes to the service worker 100 ms after start. */
  appReadyMs: 100,
  /** TEST goes out on the broadcast channel 500 ms after it is set up. */
  channelTestMs: 500,
  /** When the page becomes visible, the database is re-read 500 ms later. */
  visibilityRecheckMs: 500,
} as const;

/** The local database the service worker writes and the app reads (spec 000 §3). */
export const NUDGE_DB = {
  name: 'nudge-storage',
  version: 2,
  store: 'nudge',
  currentKey: 'current',
  pendingKey: 'delivery_pending',
} as const;

export { NUDGE_CHANNEL } from './first-load';

/** Session-scoped keys (spec 000 §3): the nudge url, the clicked flag, the app-initialized flag. */
export const NUDGE_SESSION_KEYS = {
  url: NUDGE_URL_KEY,
  clicked: 'croft:nudge-clicked',
  appInitialized: 'croft:app-initialized',
  /** Where the nudge was received: going to any other path clears it. */
  receivedPath: 'croft:nudge-received-path',
  /** When it was received (epoch ms): 10 minutes later it is cleared, across reloads too. */
  receivedAt: 'croft:nudge-received-at',
  /** The last nudge url this session received: the database's `current` is not shown twice. */
  lastReceived: 'croft:nudge-last-received',
} as const;

export type NudgeMessageType = 'SHOW_NUDGE' | 'SW_NAVIGATE' | 'TEST' | 'APP_READY' | 'NUDGE_RECEIVED';

/** Where a nudge reached the app. */
export type NudgeSource = 'channel' | 'worker' | 'window' | 'database';

/** A message on the channel, from or to the service worker (spec 000 §3). */
export interface NudgeMessage {
  type: NudgeMessageType;
  url?: string;
  timestamp?: number;
  source?: NudgeSource | 'push' | 'notificationclick';
  /** APP_READY: whether the app's listeners are set up. */
  listening?: boolean;
}

/** What the service worker stores under `current` and `delivery_pending`. */
export interface StoredNudge {
  url: string;
  timestamp?: number;
  nudge_id?: string;
}
