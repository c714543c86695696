// MSW handlers for the loyalty service (/api/loyalty): one member's card in memory with the
// service's rules (the shared loyalty-rules in contracts, the same error codes and words), uploads
// kept and served back so the grid shows the photo that was chosen, and the staff lookup and void.
import { delay, http, HttpResponse } from 'msw';
import {
  LOYALTY_DAILY_CAP_DEFAULT,
  LOYALTY_ERROR_MESSAGES,
  LOYALTY_FILE_FIELD,
  addLoyaltyEntryEndpoint,
  deleteLoyaltyEntryEndpoint,
  getLoyaltyCardEndpoint,
  isComplete,
  nextCardType,
  refuseEntry,
  requirementsOf,
  sniffImageType,
  startLoyaltyCardEndpoint,
  staffLoyaltyLookupEndpoint,
  staffVoidLoyaltyEntryEndpoint,
  type LoyaltyCard,
  type LoyaltyEntry,
} from '@croft/contracts';
import { SERVER_ERROR, mockEndpoint, mockError, type MockFailure } from '../endpoint';
import { buildLoyaltyCard, buildLoyaltyWorld, mockLoyaltyId, type LoyaltyWorld, type LoyaltyWorldName } from './loyalty-factory';

/** The member the loyalty mocks answer for (any bearer token is them); staff look them up by this. */
export const MOCK_LOYALTY_MEMBER_EMAIL = 'member@example.com';
/** Where the mocks serve an uploaded photo back (the service signs /blobs/… URLs; these need no signature). */
export const MOCK_LOYALTY_PHOTO_PATH = '/blobs/mock-loyalty';

export interface LoyaltyMockOptions {
  /** The member's starting state (default 'three-punches'). */
  world?: LoyaltyWorldName;
  /** Not an active subscriber: starting a card and uploading are refused (403 not_subscriber). */
  notSubscriber?: boolean;
  /** Photos accepted per handler set before 429 daily_limit (default LOYALTY_DAILY_CAP_DEFAULT). */
  dailyCap?: number;
  failures?: {
    load?: MockFailure;
    start?: MockFailure;
    upload?: MockFailure;
    delete?: MockFailure;
    /** Completion answers next_card null and POST /cards fails (500). */
    nextCard?: true;
  };
  /** How long an upload takes to answer (ms, default 400): long enough to see the progress. */
  uploadDelayMs?: number;
}

const NOT_SIGNED_IN: MockFailure = { status: 401, code: 'not_authenticated', message: 'You need to sign in.' };
const STATUS: Record<keyof typeof LOYALTY_ERROR_MESSAGES, number> = {
  not_subscriber: 403,
  reward_box: 409,
  not_unlocked: 409,
  invalid_box: 400,
  lucky7_rewards_only: 409,
  entry_not_found: 404,
  card_not_found: 404,
  box_taken: 409,
  duplicate_photo: 409,
  daily_limit: 429,
  photo_missing: 400,
  photo_type: 415,
  photo_too_large: 413,
  photo_unreadable: 422,
};
/** One of the loyalty service's named errors with its status and the contract's words. */
export const loyaltyFailure = (code: keyof typeof LOYALTY_ERROR_MESSAGES): MockFailure => ({ status: STATUS[code], code, message: LOYALTY_ERROR_MESSAGES[code] });

const signedIn = (request: Request) => /^Bearer \S+/.test(request.headers.get('authorization') ?? '');

export function loyaltyHandlers(options: LoyaltyMockOptions = {}) {
  const world: LoyaltyWorld = buildLoyaltyWorld(options.world ?? 'three-punches');
  const photos = new Map<string, { bytes: ArrayBuffer; type: string }>();
  const cap = options.dailyCap ?? LOYALTY_DAILY_CAP_DEFAULT;
  const failures = options.failures ?? {};
  let added = 0;
  let ids = 0x9000;

  const view = () => ({ card: world.card, entries: [...world.entries].sort((a, b) => a.index - b.index), past: world.past });
  const newCard = (): LoyaltyCard => {
    const type = nextCardType(world.past[0]?.card_type ?? null, world.completedRegular);
    return buildLoyaltyCard({ card_type: type, ...requirementsOf(type), created_at: new Date().toISOString() });
  };

  /** Takes an entry of the open card off it (its photo too): the card's counts drop and it is incomplete. */
  const removeEntry = (id: string): LoyaltyCard | null => {
    const entry = world.entries.find((e) => e.id === id);
    if (!entry || !world.card) return null;
    world.entries = world.entries.filter((e) => e !== entry);
    photos.delete(entry.id);
    if (entry.kind === 'punch') world.card.punches_count -= 1;
    else world.card.rewards_count -= 1;
    world.card.is_complete = false;
    return { ...world.card };
  };

  return [
    http.get(`*${MOCK_LOYALTY_PHOTO_PATH}/:id`, ({ params }) => {
      const photo = photos.get(String(params.id));
      return photo ? new HttpResponse(photo.bytes, { headers: { 'content-type': photo.type } }) : new HttpResponse(null, { status: 404 });
    }),

    mockEndpoint(getLoyaltyCardEndpoint, ({ request }) => {
      if (!signedIn(request)) return mockError(NOT_SIGNED_IN);
      if (failures.load) return mockError(failures.load);
      return view();
    }),

    mockEndpoint(startLoyaltyCardEndpoint, ({ request }) => {
      if (!signedIn(request)) return mockError(NOT_SIGNED_IN);
      if (failures.start) return mockError(failures.start);
      if (failures.nextCard && world.past.length > 0 && !world.card) return mockError(SERVER_ERROR);
      if (options.notSubscriber) return mockError(loyaltyFailure('not_subscriber'));
      if (world.card) return { card: world.card, created: false };
      world.card = newCard();
      world.entries = [];
      return { card: world.card, created: true };
    }),

    mockEndpoint(addLoyaltyEntryEndpoint, async ({ request, params, body, files }) => {
      if (!signedIn(request)) return mockError(NOT_SIGNED_IN);
      await delay(options.uploadDelayMs ?? 400);
      if (failures.upload) return mockError(failures.upload);
      // In the service's order (services/loyalty domain addEntry): the card, the box rules, the
      // membership, the box, the photo, then the day's cap.
      const card = world.card;
      if (!card || card.id !== params.card_id) return mockError(loyaltyFailure('card_not_found'));
      const index = Number(body.index);
      const refusal = refuseEntry(card, index, body.kind);
      if (refusal) return mockError(loyaltyFailure(refusal));
      if (options.notSubscriber) return mockError(loyaltyFailure('not_subscriber'));
      if (world.entries.some((e) => e.index === index)) return mockError(loyaltyFailure('box_taken'));
      const photo = files[LOYALTY_FILE_FIELD];
      if (!photo || photo.size === 0) return mockError(loyaltyFailure('photo_missing'));
      const bytes = await photo.arrayBuffer();
      const type = sniffImageType(new Uint8Array(bytes.slice(0, 64)));
      if (!type || type === 'image/avif') return mockError(loyaltyFailure('photo_type'));
      if (added >= cap) return mockError(loyaltyFailure('daily_limit'));
      added += 1;

      const id = mockLoyaltyId(++ids);
      photos.set(id, { bytes, type });
      const url = `${MOCK_LOYALTY_PHOTO_PATH}/${id}`;
      const entry: LoyaltyEntry = { id, card_id: card.id, index, kind: body.kind, created_at: new Date().toISOString(), signedUrl: url, thumbUrl: url };
      world.entries.push(entry);
      if (body.kind === 'punch') card.punches_count += 1;
      else card.rewards_count += 1;
      if (!isComplete(card)) return { entry, card: { ...card }, completed: false, next_card: null };

      const done: LoyaltyCard = { ...card, is_complete: true, completed_at: new Date().toISOString() };
      if (done.card_type === 'regular') world.completedRegular += 1;
      world.past.unshift({ id: done.id, card_type: done.card_type, created_at: done.created_at, completed_at: done.completed_at!, entries: world.entries.length });
      world.card = null;
      world.entries = [];
      if (failures.nextCard) return { entry, card: done, completed: true, next_card: null };
      world.card = newCard();
      return { entry, card: done, completed: true, next_card: world.card };
    }),

    mockEndpoint(deleteLoyaltyEntryEndpoint, ({ request, params }) => {
      if (!signedIn(request)) return mockError(NOT_SIGNED_IN);
      if (failures.delete) return mockError(failures.delete);
      const card = removeEntry(params.id);
      return card ? { card } : mockError(loyaltyFailure('entry_not_found'));
    }),

    mockEndpoint(staffLoyaltyLookupEndpoint, ({ request, query }) => {
      if (!signedIn(request)) return mockError(NOT_SIGNED_IN);
      if (query.email.toLowerCase() !== MOCK_LOYALTY_MEMBER_EMAIL) return mockError({ status: 404, code: 'member_not_found', message: 'No member with that email.' });
      const open = world.card ? [{ card: world.card, entries: view().entries }] : [];
      const past = world.past.map((p) =>
        ({
          card: buildLoyaltyCard({ id: p.id, card_type: p.card_type, ...requirementsOf(p.card_type), created_at: p.created_at, completed_at: p.completed_at, is_complete: true }),
          entries: [],
        }),
      );
      return { email: MOCK_LOYALTY_MEMBER_EMAIL, cards: [...open, ...past] };
    }),

    mockEndpoint(staffVoidLoyaltyEntryEndpoint, ({ request, params }) => {
      if (!signedIn(request)) return mockError(NOT_SIGNED_IN);
      return removeEntry(params.id) ? { voided: true as const } : mockError(loyaltyFailure('entry_not_found'));
    }),
  ];
}
