import { Schema, Types, type Connection, type Model } from 'mongoose';
import { EDITABLE_PAGES, type Actor, type ScheduledPublish, type TextKey } from '@croft/contracts';

export const PUBLISH_SCHEDULES_COLLECTION = 'cms_publish_schedules';

/**
 * A scheduled publish: 'pending' until its job runs it ('running' while it does, then 'done',
 * 'skipped' when the draft had gone, or 'failed' when the job's last attempt failed) or an editor
 * cancels it ('cancelled'). At most one pending
 * schedule per text (a partial unique index).
 */
export type ScheduleStatus = 'pending' | 'running' | 'done' | 'skipped' | 'failed' | 'cancelled';

export interface PublishSchedule {
  _id: Types.ObjectId;
  page: string;
  section: string;
  content_key: string;
  revision: number;
  publish_at: Date;
  created_by: string;
  created_by_email: string | null;
  created_at: Date;
  status: ScheduleStatus;
  finished_at: Date | null;
}

export type PublishScheduleModel = Model<PublishSchedule>;

export function publishScheduleModel(connection: Connection): PublishScheduleModel {
  const existing = connection.models.CmsPublishSchedule as PublishScheduleModel | undefined;
  if (existing) return existing;
  const schema = new Schema<PublishSchedule>(
    {
      page: { type: String, required: true, enum: EDITABLE_PAGES },
      section: { type: String, required: true },
      content_key: { type: String, required: true },
      revision: { type: Number, required: true, min: 1 },
      publish_at: { type: Date, required: true },
      created_by: { type: String, required: true },
      created_by_email: { type: String, default: null },
      created_at: { type: Date, required: true },
      status: { type: String, required: true, enum: ['pending', 'running', 'done', 'skipped', 'failed', 'cancelled'] },
      finished_at: { type: Date, default: null },
    },
    { collection: PUBLISH_SCHEDULES_COLLECTION, versionKey: false, strict: 'throw' },
  );
  schema.index({ page: 1, section: 1, content_key: 1 }, { unique: true, partialFilterExpression: { status: { $eq: 'pending' } } });
  schema.index({ status: 1, publish_at: 1 });
  return connection.model<PublishSchedule>('CmsPublishSchedule', schema);
}

function keyFilter(key: TextKey) {
  return { page: key.page, section: key.section, content_key: key.content_key };
}

export function toScheduledPublish(doc: PublishSchedule): ScheduledPublish {
  return {
    id: doc._id.toHexString(),
    page: doc.page as ScheduledPublish['page'],
    section: doc.section,
    content_key: doc.content_key,
    revision: doc.revision,
    publish_at: doc.publish_at.toISOString(),
    created_by: doc.created_by_email ? { id: doc.created_by, email: doc.created_by_email } : { id: doc.created_by },
    created_at: doc.created_at.toISOString(),
  };
}

function isDuplicateKey(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 11000;
}

export interface ScheduleStore {
  /** Pending schedules, soonest first (optionally of one page's texts or one text). */
  pending(filter?: { page?: string; key?: TextKey }): Promise<ScheduledPublish[]>;
  /**
   * Cancels the text's pending schedule (if any) and inserts this one, with the given id (the
   * job's key). Null when another editor scheduled the same text at the same moment.
   */
  replace(id: string, key: TextKey, revision: number, publishAt: Date, by: Actor, now: Date): Promise<ScheduledPublish | null>;
  /** pending → cancelled; the cancelled schedule, or null when it is not pending (ran, cancelled, unknown). */
  cancel(id: string, now: Date): Promise<ScheduledPublish | null>;
  /** Cancels the text's pending schedules of revisions up to `through` (published or discarded meanwhile). */
  cancelUpTo(key: TextKey, through: number, now: Date): Promise<number>;
  /** pending (due) or running → running: the schedule for its job to carry out; null when cancelled or finished. */
  claim(id: string, now: Date): Promise<ScheduledPublish | null>;
  finish(id: string, status: 'done' | 'skipped' | 'failed', now: Date): Promise<void>;
}

export function createScheduleStore(model: PublishScheduleModel): ScheduleStore {
  return {
    async pending(filter = {}) {
      const query: Record<string, unknown> = { status: 'pending' };
      if (filter.page) query.page = filter.page;
      if (filter.key) Object.assign(query, keyFilter(filter.key));
      const docs = await model.find(query).sort({ publish_at: 1, _id: 1 }).lean<PublishSchedule[]>();
      return docs.map(toScheduledPublish);
    },
    async replace(id, key, revision, publishAt, by, now) {
      await model.updateMany({ ...keyFilter(key), status: 'pending' }, { $set: { status: 'cancelled', finished_at: now } });
      try {
        const doc = await model.create({
          _id: new Types.ObjectId(id),
          ...keyFilter(key),
          revision,
          publish_at: publishAt,
          created_by: by.id,
          created_by_email: by.email ?? null,
          created_at: now,
          status: 'pending',
          finished_at: null,
        });
        return toScheduledPublish(doc.toObject());
      } catch (error) {
        if (isDuplicateKey(error)) return null;
        throw error;
      }
    },
    async cancel(id, now) {
      const doc = await model
        .findOneAndUpdate({ _id: new Types.ObjectId(id), status: 'pending' }, { $set: { status: 'cancelled', finished_at: now } }, { returnDocument: 'after' })
        .lean<PublishSchedule>();
      return doc ? toScheduledPublish(doc) : null;
    },
    async cancelUpTo(key, through, now) {
      const result = await model.updateMany(
        { ...keyFilter(key), status: 'pending', revision: { $lte: through } },
        { $set: { status: 'cancelled', finished_at: now } },
      );
      return result.modifiedCount;
    },
    async claim(id, now) {
      const doc = await model
        .findOneAndUpdate(
          { _id: new Types.ObjectId(id), $or: [{ status: 'pending', publish_at: { $lte: now } }, { status: 'running' }] },
          { $set: { status: 'running' } },
          { returnDocument: 'after' },
        )
        .lean<PublishSchedule>();
      return doc ? toScheduledPublish(doc) : null;
    },
    async finish(id, status, now) {
      await model.updateOne({ _id: new Types.ObjectId(id), status: 'running' }, { $set: { status, finished_at: now } });
    },
  };
}
