import {
  LOYALTY_FILE_FIELD,
  addLoyaltyEntryEndpoint,
  deleteLoyaltyEntryEndpoint,
  getLoyaltyCardEndpoint,
  startLoyaltyCardEndpoint,
  staffLoyaltyLookupEndpoint,
  staffVoidLoyaltyEntryEndpoint,
  type AddLoyaltyEntryResponse,
  type DeleteLoyaltyEntryResponse,
  type LoyaltyCardView,
  type LoyaltyEntryKind,
  type StaffLoyaltyLookupResponse,
  type StartLoyaltyCardResponse,
} from '@croft/contracts';
import type { ClientOptions } from './api-error';
import { bearerFrom } from './bearer';
import { callEndpoint, type CallInit } from './call-endpoint';
import { callEndpointMultipart, type UploadProgress } from './call-endpoint-multipart';

export interface LoyaltyClientOptions extends ClientOptions {
  /** The signed-in session's access token (null when signed out: calls then fail with 401 'not_signed_in'). */
  getAccessToken: () => string | null;
}

export interface AddLoyaltyPhotoInput {
  cardId: string;
  /** The box, 1–7. */
  index: number;
  kind: LoyaltyEntryKind;
  /** The (already scaled) photo. */
  photo: Blob;
  /** The file name sent with it (default 'photo.jpg'). */
  fileName?: string;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

/** The member's loyalty card calls (/api/loyalty), bearer-authenticated. */
export interface LoyaltyClient {
  /** The open card (null when none yet), its entries with signed photo URLs, and past cards. */
  getCard(init?: CallInit): Promise<LoyaltyCardView>;
  /** Starts the next card (an open one is answered as it is); 403 not_subscriber for non-members. */
  startCard(): Promise<StartLoyaltyCardResponse>;
  /** Adds a photo to a box, reporting upload progress. */
  addPhoto(input: AddLoyaltyPhotoInput): Promise<AddLoyaltyEntryResponse>;
  /** Removes an entry and its photo; answers the card with its counts. */
  deleteEntry(id: string): Promise<DeleteLoyaltyEntryResponse>;
}

export function createLoyaltyClient(options: LoyaltyClientOptions): LoyaltyClient {
  const bearer = bearerFrom(options.getAccessToken);
  return {
    getCard: async (init) => callEndpoint(options, getLoyaltyCardEndpoint, {}, bearer(init)),
    startCard: async () => callEndpoint(options, startLoyaltyCardEndpoint, {}, bearer()),
    addPhoto: async ({ cardId, index, kind, photo, fileName, onProgress, signal }) =>
      callEndpointMultipart(
        options,
        addLoyaltyEntryEndpoint,
        { params: { card_id: cardId }, fields: { index: String(index), kind }, file: photo, fileField: LOYALTY_FILE_FIELD, fileName: fileName ?? 'photo.jpg' },
        { ...bearer({ signal }), onUploadProgress: onProgress },
      ),
    deleteEntry: async (id) => callEndpoint(options, deleteLoyaltyEntryEndpoint, { params: { id } }, bearer()),
  };
}

/** The loyalty team's staff calls: a member's cards by email, and voiding an entry (audit-logged). */
export interface LoyaltyStaffClient {
  lookup(email: string, init?: CallInit): Promise<StaffLoyaltyLookupResponse>;
  voidEntry(id: string, reason: string): Promise<void>;
}

export function createLoyaltyStaffClient(options: LoyaltyClientOptions): LoyaltyStaffClient {
  const bearer = bearerFrom(options.getAccessToken);
  return {
    lookup: async (email, init) => callEndpoint(options, staffLoyaltyLookupEndpoint, { query: { email } }, bearer(init)),
    voidEntry: async (id, reason) => void (await callEndpoint(options, staffVoidLoyaltyEntryEndpoint, { params: { id }, body: { reason } }, bearer())),
  };
}
