import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  addLoyaltyEntryEndpoint,
  deleteLoyaltyEntryEndpoint,
  getLoyaltyCardEndpoint,
  staffVoidLoyaltyEntryEndpoint,
  type LoyaltyCard,
  type LoyaltyEntry,
} from '@croft/contracts';
import { mockEndpoint, mockError } from '@croft/mocks';
import { listenForTests } from '@croft/mocks/node';
import { ApiError } from './api-error';
import { createLoyaltyClient, createLoyaltyStaffClient } from './loyalty-client';
import type { UploadProgress } from './call-endpoint-multipart';

const server = listenForTests({ beforeAll, afterEach, afterAll }, [], { formData: true });

const CARD_ID = 'c'.repeat(24);
const card: LoyaltyCard = {
  id: CARD_ID,
  card_type: 'regular',
  punches_required: 6,
  rewards_required: 1,
  punches_count: 1,
  rewards_count: 0,
  is_complete: false,
  created_at: '2026-11-24T09:00:00.000Z',
  completed_at: null,
};
const entry: LoyaltyEntry = {
  id: 'e'.repeat(24),
  card_id: CARD_ID,
  index: 1,
  kind: 'punch',
  created_at: '2026-11-24T09:01:00.000Z',
  signedUrl: '/blobs/a?sig=1',
  thumbUrl: '/blobs/b?sig=1',
};

const options = { baseUrl: 'http://api.test' };
const client = createLoyaltyClient({ ...options, getAccessToken: () => 'member-token' });
const jpeg = () => new Blob([new Uint8Array(64 * 1024).fill(7)], { type: 'image/jpeg' });

/** The add-entry handler: records what it was sent, answers the new entry. */
function acceptUploads(seen: unknown[]) {
  server.use(
    mockEndpoint(addLoyaltyEntryEndpoint, ({ params, body, files, request }) => {
      seen.push({ params, body, auth: request.headers.get('authorization'), photo: { name: files.photo?.name, size: files.photo?.size } });
      return { entry, card, completed: false, next_card: null };
    }),
  );
}

describe('createLoyaltyClient', () => {
  it('reads the card with the bearer token', async () => {
    let auth: string | null = null;
    server.use(
      mockEndpoint(getLoyaltyCardEndpoint, ({ request }) => {
        auth = request.headers.get('authorization');
        return { card, entries: [entry], past: [] };
      }),
    );
    await expect(client.getCard()).resolves.toEqual({ card, entries: [entry], past: [] });
    expect(auth).toBe('Bearer member-token');
  });

  it('sends a photo as multipart (box and kind as fields, the photo under "photo")', async () => {
    const seen: unknown[] = [];
    acceptUploads(seen);
    const answer = await client.addPhoto({ cardId: CARD_ID, index: 1, kind: 'punch', photo: jpeg() });
    expect(answer.entry).toEqual(entry);
    expect(seen).toEqual([
      { params: { card_id: CARD_ID }, body: { index: '1', kind: 'punch' }, auth: 'Bearer member-token', photo: { name: 'photo.jpg', size: 64 * 1024 } },
    ]);
  });

  it('reports upload progress when asked (XMLHttpRequest), with the same answer and the same request', async () => {
    const seen: unknown[] = [];
    acceptUploads(seen);
    const progress: UploadProgress[] = [];
    const answer = await client.addPhoto({ cardId: CARD_ID, index: 1, kind: 'punch', photo: jpeg(), onProgress: (p) => progress.push(p) });
    expect(answer.card).toEqual(card);
    expect(seen).toEqual([
      { params: { card_id: CARD_ID }, body: { index: '1', kind: 'punch' }, auth: 'Bearer member-token', photo: { name: 'photo.jpg', size: 64 * 1024 } },
    ]);
    expect(progress.length).toBeGreaterThan(0);
    const last = progress.at(-1)!;
    expect(last.loaded).toBe(last.total);
    expect(last.total).toBeGreaterThan(64 * 1024);
  });

  it("turns a refusal into an ApiError with the service's code and words, with progress on or off", async () => {
    server.use(
      mockEndpoint(addLoyaltyEntryEndpoint, () => mockError({ status: 409, code: 'not_unlocked', message: 'Not unlocked yet' })),
    );
    for (const onProgress of [undefined, () => undefined]) {
      const error = await client.addPhoto({ cardId: CARD_ID, index: 7, kind: 'reward', photo: jpeg(), onProgress }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ status: 409, code: 'not_unlocked', message: 'Not unlocked yet' });
    }
  });

  it('an upload cancelled by its signal rejects with AbortError', async () => {
    acceptUploads([]);
    const controller = new AbortController();
    controller.abort();
    const error = await client
      .addPhoto({ cardId: CARD_ID, index: 2, kind: 'punch', photo: jpeg(), onProgress: () => undefined, signal: controller.signal })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'AbortError' });
  });

  it('signed out: fails with 401 not_signed_in before anything is sent', async () => {
    const signedOut = createLoyaltyClient({ ...options, getAccessToken: () => null });
    // onUnhandledRequest 'error' would fail the test if a request went out.
    await expect(signedOut.getCard()).rejects.toMatchObject({ status: 401, code: 'not_signed_in' });
    await expect(signedOut.deleteEntry(entry.id)).rejects.toMatchObject({ status: 401, code: 'not_signed_in' });
  });

  it('deletes an entry by id', async () => {
    let deleted = '';
    server.use(
      mockEndpoint(deleteLoyaltyEntryEndpoint, ({ params }) => {
        deleted = params.id;
        return { card: { ...card, punches_count: 0 } };
      }),
    );
    await expect(client.deleteEntry(entry.id)).resolves.toEqual({ card: { ...card, punches_count: 0 } });
    expect(deleted).toBe(entry.id);
  });
});

describe('createLoyaltyStaffClient', () => {
  it('voids an entry with the reason', async () => {
    const staff = createLoyaltyStaffClient({ ...options, getAccessToken: () => 'staff-token' });
    let seen: unknown;
    server.use(
      mockEndpoint(staffVoidLoyaltyEntryEndpoint, ({ params, body, request }) => {
        seen = { id: params.id, body, auth: request.headers.get('authorization') };
        return { voided: true as const };
      }),
    );
    await staff.voidEntry(entry.id, 'Same cup photographed twice');
    expect(seen).toEqual({ id: entry.id, body: { reason: 'Same cup photographed twice' }, auth: 'Bearer staff-token' });
  });
});
