import { Schema, type Connection, type Model } from 'mongoose';
import type { TextKey } from '@croft/contracts';

export const EDITOR_PRESENCE_COLLECTION = 'cms_editor_presence';

/**
 * "Editor X has text T open": one document per (text, user), its expiry pushed on by each
 * heartbeat. Queries filter on expires_at themselves; the TTL index only tidies up (its sweeper
 * runs now and then, so an expired document may still be there for a while).
 */
export interface EditorPresence {
  _id: string;
  page: string;
  section: string;
  content_key: string;
  user_id: string;
  email: string;
  since: Date;
  expires_at: Date;
}

export type EditorPresenceModel = Model<EditorPresence>;

export function editorPresenceModel(connection: Connection): EditorPresenceModel {
  const existing = connection.models.CmsEditorPresence as EditorPresenceModel | undefined;
  if (existing) return existing;
  const schema = new Schema<EditorPresence>(
    {
      _id: { type: String, required: true },
      page: { type: String, required: true },
      section: { type: String, required: true },
      content_key: { type: String, required: true },
      user_id: { type: String, required: true },
      email: { type: String, required: true },
      since: { type: Date, required: true },
      expires_at: { type: Date, required: true },
    },
    { collection: EDITOR_PRESENCE_COLLECTION, versionKey: false, strict: 'throw' },
  );
  schema.index({ page: 1, section: 1, content_key: 1, expires_at: 1 });
  schema.index({ expires_at: 1 }, { expireAfterSeconds: 0 });
  return connection.model<EditorPresence>('CmsEditorPresence', schema);
}

const presenceId = (key: TextKey, userId: string) => JSON.stringify([key.page, key.section, key.content_key, userId]);

function isDuplicateKey(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 11000;
}

export interface PresenceStore {
  /** Marks the user present on the text until `expiresAt` (since: kept while unexpired, else now). */
  heartbeat(key: TextKey, user: { id: string; email: string }, now: Date, expiresAt: Date): Promise<void>;
  leave(key: TextKey, userId: string): Promise<void>;
  /** The other users with the text open at `now`, longest first. */
  others(key: TextKey, userId: string, now: Date): Promise<{ email: string; since: Date }[]>;
}

export function createPresenceStore(model: EditorPresenceModel): PresenceStore {
  return {
    async heartbeat(key, user, now, expiresAt) {
      const _id = presenceId(key, user.id);
      const live = await model.updateOne({ _id, expires_at: { $gt: now } }, { $set: { expires_at: expiresAt, email: user.email } });
      if (live.matchedCount > 0) return;
      const fields = { page: key.page, section: key.section, content_key: key.content_key, user_id: user.id, email: user.email, since: now, expires_at: expiresAt };
      try {
        // Absent or expired: (re)start the visit.
        await model.updateOne({ _id, expires_at: { $lte: now } }, { $set: fields }, { upsert: true });
      } catch (error) {
        // The same user's other tab started it at this moment: theirs stands.
        if (!isDuplicateKey(error)) throw error;
      }
    },
    async leave(key, userId) {
      await model.deleteOne({ _id: presenceId(key, userId) });
    },
    async others(key, userId, now) {
      const docs = await model
        .find({ page: key.page, section: key.section, content_key: key.content_key, expires_at: { $gt: now }, user_id: { $ne: userId } })
        .sort({ since: 1, _id: 1 })
        .lean<EditorPresence[]>();
      return docs.map((doc) => ({ email: doc.email, since: doc.since }));
    },
  };
}
