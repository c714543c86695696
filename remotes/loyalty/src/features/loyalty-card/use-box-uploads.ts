import { useCallback, useEffect, useRef, useState } from 'react';
import type { AddLoyaltyEntryResponse, LoyaltyCard, LoyaltyEntryKind } from '@croft/contracts';
import { useToast } from '@croft/ui';
import { loyaltyClient, serviceMessage, uploadFailureTitle } from './api/loyalty-client';
import { scalePhoto } from './scale-photo';

/** One box's upload, from the photo chosen to the answer. */
export type BoxUpload =
  | { phase: 'preparing' }
  | { phase: 'uploading'; progress: number; photo: Blob }
  | { phase: 'processing'; photo: Blob }
  | { phase: 'failed'; photo: Blob; title: string; message: string | null };

/** What goes in a box: a reward in box 7 of a regular card and in every box of a lucky7 card. */
export function kindFor(card: Pick<LoyaltyCard, 'card_type' | 'punches_required'>, box: number): LoyaltyEntryKind {
  return card.card_type === 'lucky7' || box > card.punches_required ? 'reward' : 'punch';
}

export interface BoxUploads {
  uploads: ReadonlyMap<number, BoxUpload>;
  /** A photo chosen for a box: scaled in the browser, then sent with its progress. */
  choose(box: number, file: File): void;
  /** Sends the same (already scaled) photo again after a failure. */
  retry(box: number): void;
  /** Forgets a failed upload. */
  dismiss(box: number): void;
}

/**
 * The uploads in flight on a card, by box. A failed one keeps its scaled photo so Retry sends it
 * again without choosing it again; `onLanded` gets each answer.
 */
export function useBoxUploads(card: LoyaltyCard | null, onLanded: (answer: AddLoyaltyEntryResponse) => void): BoxUploads {
  const { toast } = useToast();
  const [uploads, setUploads] = useState<ReadonlyMap<number, BoxUpload>>(new Map());
  const live = useRef(true);
  const controllers = useRef(new Map<number, AbortController>());
  useEffect(() => {
    live.current = true;
    const inFlight = controllers.current;
    return () => {
      live.current = false;
      for (const controller of inFlight.values()) controller.abort();
    };
  }, []);

  const set = useCallback((box: number, upload: BoxUpload | null) => {
    if (!live.current) return;
    setUploads((current) => {
      const next = new Map(current);
      if (upload) next.set(box, upload);
      else next.delete(box);
      return next;
    });
  }, []);

  const send = useCallback(
    async (box: number, photo: Blob) => {
      if (!card) return;
      const controller = new AbortController();
      controllers.current.set(box, controller);
      set(box, { phase: 'uploading', progress: 0, photo });
      try {
        const answer = await loyaltyClient.addPhoto({
          cardId: card.id,
          index: box,
          kind: kindFor(card, box),
          photo,
          fileName: `box-${box}.jpg`,
          signal: controller.signal,
          onProgress: ({ loaded, total }) =>
            set(box, loaded >= total ? { phase: 'processing', photo } : { phase: 'uploading', progress: total ? loaded / total : 0, photo }),
        });
        set(box, null);
        if (live.current) onLanded(answer);
      } catch (error) {
        if (controller.signal.aborted) return;
        const title = uploadFailureTitle(error);
        const message = serviceMessage(error);
        set(box, { phase: 'failed', photo, title, message });
        toast({ title, description: message ?? undefined, variant: 'destructive' });
      } finally {
        controllers.current.delete(box);
      }
    },
    [card, onLanded, set, toast],
  );

  const choose = useCallback(
    (box: number, file: File) => {
      set(box, { phase: 'preparing' });
      // Anything the browser fails at while scaling (an encoder refusing, say): the original goes.
      void scalePhoto(file)
        .catch(() => ({ blob: file }))
        .then(({ blob }) => send(box, blob));
    },
    [send, set],
  );

  const retry = useCallback(
    (box: number) => {
      const failed = uploads.get(box);
      if (failed?.phase === 'failed') void send(box, failed.photo);
    },
    [send, uploads],
  );

  const dismiss = useCallback((box: number) => set(box, null), [set]);
  return { uploads, choose, retry, dismiss };
}
