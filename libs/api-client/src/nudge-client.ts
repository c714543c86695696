import {
  nudgeEndpoints as nudge,
  type ComposeNudgeRequest,
  type Nudge,
  type NudgeDetail,
  type NudgeMine,
  type NudgeSubscribeRequest,
  type NudgeSubscription,
  type TestNudgeRequest,
} from '@croft/contracts';
import type { ClientOptions } from './api-error';
import { bearerFrom } from './bearer';
import { callEndpoint, type CallInit } from './call-endpoint';

export interface NudgeClientOptions extends ClientOptions {
  /** The signed-in session's access token (null when signed out). */
  getAccessToken: () => string | null;
}

/**
 * Nudges (/api/nudge) from the browser: the VAPID key, this browser's subscription (named by the
 * service's httpOnly device cookie), auto-link after sign-in, linking by email, clicks.
 */
export interface NudgeClient {
  /** The applicationServerKey for PushManager.subscribe (base64url). */
  vapidPublicKey(init?: CallInit): Promise<string>;
  /** Turns nudges on (or changes topics); linked to the member when signed in. */
  subscribe(input: NudgeSubscribeRequest): Promise<NudgeSubscription>;
  /** This browser's subscription (or null) and the last nudges delivered to it. */
  mine(init?: CallInit): Promise<NudgeMine>;
  /** Turns nudges off for this endpoint; true when one was removed. */
  unsubscribe(endpoint: string): Promise<boolean>;
  /** auto-link-push-subscription: needs a sign-in; answers `linked`. */
  autoLink(): Promise<boolean>;
  /** Signed out: emails a link that ties this browser's nudges to `email`; answers the words to show ("You're in! …"). */
  linkByEmail(email: string): Promise<string>;
  /** Counts a click on a nudge. */
  click(nudgeId: string): Promise<void>;
}

export function createNudgeClient(options: NudgeClientOptions): NudgeClient {
  const bearer = bearerFrom(options.getAccessToken);
  const maybeBearer = (): CallInit | undefined => (options.getAccessToken() ? bearer() : undefined);
  return {
    vapidPublicKey: async (init) => (await callEndpoint(options, nudge.getVapidKey, {}, init)).public_key,
    subscribe: async (body) => (await callEndpoint(options, nudge.subscribe, { body }, maybeBearer())).subscription,
    mine: (init) => callEndpoint(options, nudge.mySubscription, {}, init),
    unsubscribe: async (endpoint) => (await callEndpoint(options, nudge.unsubscribe, { body: { endpoint } })).removed,
    autoLink: async () => (await callEndpoint(options, nudge.autoLink, {}, bearer())).linked,
    linkByEmail: async (email) => (await callEndpoint(options, nudge.emailLink, { body: { email } })).message,
    click: async (id) => void (await callEndpoint(options, nudge.click, { params: { id } })),
  };
}

/** The nudge team's staff calls (role staff or admin), for /admin/nudges. */
export interface NudgeStaffClient {
  compose(input: ComposeNudgeRequest): Promise<Nudge>;
  list(init?: CallInit): Promise<Nudge[]>;
  detail(id: string, init?: CallInit): Promise<NudgeDetail>;
  cancel(id: string): Promise<Nudge>;
  /** Sends now to the staff member's own browsers. */
  testSend(input: TestNudgeRequest): Promise<Nudge>;
}

export function createNudgeStaffClient(options: NudgeClientOptions): NudgeStaffClient {
  const bearer = bearerFrom(options.getAccessToken);
  return {
    compose: async (body) => callEndpoint(options, nudge.compose, { body }, bearer()),
    list: async (init) => (await callEndpoint(options, nudge.list, {}, bearer(init))).items,
    detail: async (id, init) => callEndpoint(options, nudge.detail, { params: { id } }, bearer(init)),
    cancel: async (id) => callEndpoint(options, nudge.cancel, { params: { id } }, bearer()),
    testSend: async (body) => (await callEndpoint(options, nudge.testSend, { body }, bearer())).nudge,
  };
}
