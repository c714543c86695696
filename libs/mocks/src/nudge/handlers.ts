// MSW handlers for the nudge service (/api/nudge): one browser's subscription and the staff's
// nudges in memory (a fresh store per nudgeHandlers() call), with the service's rules and words,
// for /notifications, /admin/nudges, their stories and tests, and standalone remotes. The member
// is whoever sends a bearer token; staff calls take any bearer token too. A nudge composed here is
// "sent" to the mock browser at once (one sent delivery when nudges are on), and listed in its
// `recent` nudges.
import {
  NUDGE_EMAIL_LINK_MESSAGE,
  NUDGE_ERROR_MESSAGES,
  NUDGE_RECENT_LIMIT,
  nudgeEndpoints as nudge,
  type Nudge,
  type NudgeDelivery,
  type NudgeReceived,
  type NudgeSubscription,
} from '@croft/contracts';
import { mockEndpoint, mockError, type MockFailure } from '../endpoint';
import { MOCK_NUDGE_MEMBER_EMAIL, MOCK_VAPID_PUBLIC_KEY, buildNudge, buildNudgeCounts, buildNudgeDeliveries, buildNudgeDelivery, buildNudgeSubscription, mockNudgeId } from './nudge-factory';

export const NUDGE_WORLDS = ['off', 'on', 'linked', 'history'] as const;
/**
 * The starting state:
 * - 'off': nudges not on in this browser, no nudges sent;
 * - 'on': on in this browser (Chrome on Android), not linked to anyone;
 * - 'linked': on and linked to the member's account;
 * - 'history': linked, and the staff's list has a sent nudge (with its log) and a scheduled one.
 */
export type NudgeWorldName = (typeof NUDGE_WORLDS)[number];

export interface NudgeMockOptions {
  world?: NudgeWorldName;
  /** The link email fails (502 email_failed). */
  emailFails?: boolean;
  failures?: { subscribe?: MockFailure; staff?: MockFailure };
  /** The clock (default the real one). */
  now?: Date;
}

const NOT_SIGNED_IN: MockFailure = { status: 401, code: 'not_authenticated', message: 'Please sign in first.' };
const signedIn = (request: Request) => /^Bearer \S+$/.test(request.headers.get('authorization') ?? '');
const refusal = (status: number, code: keyof typeof NUDGE_ERROR_MESSAGES) => mockError({ status, code, message: NUDGE_ERROR_MESSAGES[code] });

export function nudgeHandlers(options: NudgeMockOptions = {}) {
  const world = options.world ?? 'off';
  const now = () => (options.now ?? new Date()).toISOString();
  let mine: (NudgeSubscription & { endpoint: string }) | null =
    world === 'off' ? null : { ...buildNudgeSubscription(world === 'on' ? {} : { linked: true, linked_via: 'account' }), endpoint: 'https://push.example/mock' };
  const nudges: Nudge[] = [];
  const logs = new Map<string, NudgeDelivery[]>();
  if (world === 'history') {
    const sent = buildNudge();
    nudges.push(buildNudge({ id: mockNudgeId(101), series_id: mockNudgeId(101), title: 'Lunch run closes soon', url: '/kitchens', state: 'scheduled', send_at: '2026-12-01T11:50:00.000Z', finished_at: null, counts: buildNudgeCounts() }), sent);
    logs.set(sent.id, buildNudgeDeliveries());
  }
  let nextId = 200;
  const make = (input: Pick<Nudge, 'title' | 'body' | 'url' | 'audience'> & { send_at?: string; repeat?: Nudge['repeat']; test?: boolean }): Nudge => {
    const id = mockNudgeId(nextId++);
    const at = now();
    const due = !input.send_at || input.send_at <= at;
    const deliveries = due && mine ? [buildNudgeDelivery({ subscription_id: mine.id, browser: mine.browser, email: mine.linked ? MOCK_NUDGE_MEMBER_EMAIL : null, updated_at: at })] : [];
    logs.set(id, deliveries);
    const made = buildNudge({
      id,
      series_id: id,
      title: input.title,
      body: input.body,
      url: input.url,
      audience: input.audience,
      state: due ? 'sent' : 'scheduled',
      send_at: input.send_at ? new Date(input.send_at).toISOString() : at,
      repeat: input.repeat ?? null,
      test: input.test ?? false,
      created_at: at,
      finished_at: due ? at : null,
      counts: buildNudgeCounts({ targeted: deliveries.length, sent: deliveries.length }),
    });
    nudges.unshift(made);
    return made;
  };
  const staffGate = (request: Request) => (!signedIn(request) ? mockError(NOT_SIGNED_IN) : options.failures?.staff ? mockError(options.failures.staff) : null);
  // The nudges delivered to this browser, newest first, as the service lists them.
  const recent = (): NudgeReceived[] => {
    if (!mine) return [];
    const id = mine.id;
    return nudges
      .flatMap((n) => (logs.get(n.id) ?? []).filter((d) => d.subscription_id === id && d.status === 'sent').map((d) => ({ nudge_id: n.id, title: n.title, body: n.body, url: n.url, delivered_at: d.updated_at })))
      .sort((a, b) => b.delivered_at.localeCompare(a.delivered_at))
      .slice(0, NUDGE_RECENT_LIMIT);
  };
  const view = (s: typeof mine) => (s ? (({ endpoint: _endpoint, ...rest }) => rest)(s) : null);

  return [
    mockEndpoint(nudge.getVapidKey, () => ({ public_key: MOCK_VAPID_PUBLIC_KEY })),
    mockEndpoint(nudge.subscribe, ({ body, request }) => {
      if (options.failures?.subscribe) return mockError(options.failures.subscribe);
      const member = signedIn(request);
      const same = mine?.endpoint === body.subscription.endpoint ? mine : null;
      mine = {
        ...buildNudgeSubscription({ id: same?.id ?? mockNudgeId(nextId++), created_at: same?.created_at ?? now() }),
        browser: body.browser,
        topics: body.topics ?? same?.topics ?? [],
        linked: member || (same?.linked ?? false),
        linked_via: member ? 'account' : (same?.linked_via ?? null),
        endpoint: body.subscription.endpoint,
      };
      return { subscription: view(mine)! };
    }),
    mockEndpoint(nudge.mySubscription, () => ({ subscription: view(mine), recent: recent() })),
    mockEndpoint(nudge.unsubscribe, ({ body }) => {
      const removed = mine?.endpoint === body.endpoint;
      if (removed) mine = null;
      return { removed };
    }),
    mockEndpoint(nudge.autoLink, ({ request }) => {
      if (!signedIn(request)) return mockError(NOT_SIGNED_IN);
      if (!mine) return { linked: false };
      mine = { ...mine, linked: true, linked_via: 'account' };
      return { linked: true };
    }),
    mockEndpoint(nudge.emailLink, () => {
      if (!mine) return refusal(404, 'subscription_not_found');
      if (options.emailFails) return refusal(502, 'email_failed');
      return { sent: true as const, message: NUDGE_EMAIL_LINK_MESSAGE };
    }),
    mockEndpoint(nudge.click, ({ params }) => {
      const found = nudges.find((n) => n.id === params.id && n.state === 'sent');
      if (!found) return refusal(404, 'nudge_not_found');
      found.counts = { ...found.counts, clicks: found.counts.clicks + 1 };
      return { counted: true as const };
    }),
    mockEndpoint(nudge.compose, ({ body, request }) => staffGate(request) ?? make({ ...body, repeat: body.repeat ? { every: body.repeat.every, until: body.repeat.until } : null })),
    mockEndpoint(nudge.list, ({ request }) => staffGate(request) ?? { items: nudges }),
    mockEndpoint(nudge.detail, ({ params, request }) => {
      const gate = staffGate(request);
      if (gate) return gate;
      const found = nudges.find((n) => n.id === params.id);
      return found ? { nudge: found, deliveries: logs.get(found.id) ?? [] } : refusal(404, 'nudge_not_found');
    }),
    mockEndpoint(nudge.cancel, ({ params, request }) => {
      const gate = staffGate(request);
      if (gate) return gate;
      const found = nudges.find((n) => n.id === params.id);
      if (!found) return refusal(404, 'nudge_not_found');
      if (found.state !== 'scheduled') return refusal(409, 'not_cancellable');
      found.state = 'cancelled';
      found.finished_at = now();
      return found;
    }),
    mockEndpoint(nudge.testSend, ({ body, request }) => {
      const gate = staffGate(request);
      if (gate) return gate;
      if (!mine?.linked) return refusal(409, 'no_subscriptions');
      return { nudge: make({ ...body, audience: { kind: 'test', user_id: 'user-staff' }, test: true }) };
    }),
  ];
}
