import { GLOBAL_CMS_PAGE, GLOBAL_CMS_SECTION, type Actor, type CmsTextData, type PageKey, type TextKey, type TextVersion } from '@croft/contracts';
import { Schema, type Connection, type Model, type Types } from 'mongoose';
import type { CmsContent, CmsContentModel, CmsGlobalContent, CmsGlobalContentModel, StoredTextData } from './cms-content-model';
import { textData } from './text-store';

/**
 * Versions of editable text over both collections: a page's text lives in cms_content, the
 * pseudo-page 'global' (section 'global') in cms_global_content, whose rows also carry the plain
 * text in content_value. Everything here answers the contract's TextVersion; the rules (which
 * revision a save gets, what counts as a conflict) are the domain's (domain/text-editing.ts).
 */

export const DISCARDED_REVISIONS_COLLECTION = 'cms_discarded_revisions';

/**
 * The highest revision ever discarded per text (`_id` = 'page/section/content_key'). Discarding
 * deletes draft versions, and their numbers must not come back: an editor still holding a
 * discarded revision as their base would otherwise save over a newer draft that reused it.
 */
export interface DiscardedRevision {
  _id: string;
  through: number;
}
export type DiscardedRevisionModel = Model<DiscardedRevision>;

export function discardedRevisionModel(connection: Connection): DiscardedRevisionModel {
  const existing = connection.models.CmsDiscardedRevision as DiscardedRevisionModel | undefined;
  if (existing) return existing;
  const schema = new Schema<DiscardedRevision>(
    { _id: { type: String, required: true }, through: { type: Number, required: true, min: 1 } },
    { collection: DISCARDED_REVISIONS_COLLECTION, versionKey: false, strict: 'throw' },
  );
  return connection.model<DiscardedRevision>('CmsDiscardedRevision', schema);
}

export interface TextVersionModels {
  cmsContent: CmsContentModel;
  cmsGlobalContent: CmsGlobalContentModel;
  discardedRevision: DiscardedRevisionModel;
}

const markId = (key: TextKey) => `${key.page}/${key.section}/${key.content_key}`;

type Row = (CmsContent | CmsGlobalContent) & { revision?: number };

export function isGlobalKey(key: { page: string }): boolean {
  return key.page === GLOBAL_CMS_PAGE;
}

/** The filter of one text in its collection. */
function keyFilter(key: TextKey): Record<string, string> {
  return isGlobalKey(key) ? { content_key: key.content_key } : { page: key.page, section: key.section, content_key: key.content_key };
}

function actor(id: string | null | undefined, email: string | null | undefined): Actor | null {
  if (!id) return null;
  return email ? { id, email } : { id };
}

function toVersion(row: Row): TextVersion {
  const global = !('page' in row);
  const data: StoredTextData = global
    ? ((row as CmsGlobalContent).content_data ?? { text: (row as CmsGlobalContent).content_value ?? '' })
    : (row as CmsContent).content_data;
  const version: TextVersion = {
    id: (row._id as Types.ObjectId).toHexString(),
    page: global ? GLOBAL_CMS_PAGE : (row as CmsContent).page,
    section: global ? GLOBAL_CMS_SECTION : (row as CmsContent).section,
    content_key: row.content_key,
    revision: row.revision ?? 1,
    content_data: textData(data),
    published: row.published,
    created_by: actor(row.created_by, row.created_by_email),
    updated_at: row.updated_at.toISOString(),
  };
  if (row.published && row.published_at) {
    version.published_at = row.published_at.toISOString();
    version.published_by = actor(row.published_by, row.published_by_email);
  }
  return version;
}

function isDuplicateKey(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 11000;
}

export interface NewVersion {
  key: TextKey;
  revision: number;
  content_data: CmsTextData;
  actor: Actor;
  now: Date;
}

export interface TextVersionStore {
  /** Every version of one page (or of 'global'), highest revision first. */
  pageVersions(page: PageKey | typeof GLOBAL_CMS_PAGE): Promise<TextVersion[]>;
  /** Every version of one text, highest revision first. */
  textVersions(key: TextKey): Promise<TextVersion[]>;
  /** The version of one text with that revision. */
  version(key: TextKey, revision: number): Promise<TextVersion | null>;
  /** Inserts a draft with that revision; null when the revision is taken (another save won). */
  insertDraft(draft: NewVersion): Promise<TextVersion | null>;
  /** Publishes that revision if it is still a draft (a revision publishes once); null otherwise. */
  publish(key: TextKey, revision: number, by: Actor | null, now: Date): Promise<TextVersion | null>;
  /** Deletes the drafts above `above` up to `through` (their numbers are never given again); answers how many went. */
  deleteDrafts(key: TextKey, above: number, through: number): Promise<number>;
  /** The highest revision of the text ever discarded (0: none). */
  highestDiscarded(key: TextKey): Promise<number>;
  /** The texts that have at least one unpublished version (candidates for a pending draft). */
  keysWithDrafts(): Promise<TextKey[]>;
  /** The newest saves and publishes across the site. */
  recent(limit: number): Promise<TextVersion[]>;
}

export function createTextVersionStore(models: TextVersionModels): TextVersionStore {
  const modelOf = (key: { page: string }) =>
    (isGlobalKey(key) ? models.cmsGlobalContent : models.cmsContent) as unknown as CmsContentModel;

  return {
    async pageVersions(page) {
      const filter = page === GLOBAL_CMS_PAGE ? {} : { page };
      const rows = await modelOf({ page }).find(filter).sort({ revision: -1, _id: -1 }).lean<Row[]>();
      return rows.map(toVersion);
    },
    async textVersions(key) {
      const rows = await modelOf(key).find(keyFilter(key)).sort({ revision: -1, _id: -1 }).lean<Row[]>();
      return rows.map(toVersion);
    },
    async version(key, revision) {
      const row = await modelOf(key).findOne({ ...keyFilter(key), revision }).lean<Row>();
      return row ? toVersion(row) : null;
    },
    async insertDraft({ key, revision, content_data, actor: by, now }) {
      const data = textData(content_data);
      const stamps = {
        revision,
        content_type: 'text' as const,
        content_data: data,
        published: false,
        created_by: by.id,
        created_by_email: by.email ?? null,
        updated_at: now,
      };
      try {
        const created = isGlobalKey(key)
          ? await models.cmsGlobalContent.create({ content_key: key.content_key, content_value: data.text, ...stamps })
          : await models.cmsContent.create({ page: key.page as PageKey, section: key.section, content_key: key.content_key, ...stamps });
        return toVersion(created.toObject() as Row);
      } catch (error) {
        if (isDuplicateKey(error)) return null;
        throw error;
      }
    },
    async publish(key, revision, by, now) {
      const row = await modelOf(key)
        .findOneAndUpdate(
          { ...keyFilter(key), revision, published: false },
          { $set: { published: true, published_at: now, published_by: by?.id ?? null, published_by_email: by?.email ?? null } },
          { returnDocument: 'after' },
        )
        .lean<Row>();
      return row ? toVersion(row) : null;
    },
    async deleteDrafts(key, above, through) {
      // The mark first: if this stops half-way, the numbers are still never reused.
      try {
        await models.discardedRevision.updateOne({ _id: markId(key), through: { $lt: through } }, { $set: { through } }, { upsert: true });
      } catch (error) {
        // A mark at or above `through` is already there.
        if (!isDuplicateKey(error)) throw error;
      }
      const result = await modelOf(key).deleteMany({ ...keyFilter(key), published: false, revision: { $gt: above, $lte: through } });
      return result.deletedCount;
    },
    async highestDiscarded(key) {
      const mark = await models.discardedRevision.findById(markId(key)).lean();
      return mark?.through ?? 0;
    },
    async keysWithDrafts() {
      const [pages, globals] = await Promise.all([
        models.cmsContent.find({ published: false }, { page: 1, section: 1, content_key: 1 }).lean(),
        models.cmsGlobalContent.find({ published: false }, { content_key: 1 }).lean(),
      ]);
      const keys = new Map<string, TextKey>();
      for (const row of pages) keys.set(`${row.page}/${row.section}/${row.content_key}`, { page: row.page, section: row.section, content_key: row.content_key });
      for (const row of globals) {
        keys.set(`${GLOBAL_CMS_PAGE}/${GLOBAL_CMS_SECTION}/${row.content_key}`, { page: GLOBAL_CMS_PAGE, section: GLOBAL_CMS_SECTION, content_key: row.content_key });
      }
      return [...keys.values()];
    },
    async recent(limit) {
      // The newest saves and the newest publishes of both collections, merged by their latest moment.
      const lists = await Promise.all(
        [models.cmsContent as unknown as CmsContentModel, models.cmsGlobalContent as unknown as CmsContentModel].flatMap((model) => [
          model.find({}).sort({ updated_at: -1, _id: -1 }).limit(limit).lean<Row[]>(),
          model.find({ published: true, published_at: { $ne: null } }).sort({ published_at: -1, _id: -1 }).limit(limit).lean<Row[]>(),
        ]),
      );
      const byId = new Map<string, Row>();
      for (const row of lists.flat()) byId.set(String(row._id), row);
      const moment = (row: Row) => Math.max(row.updated_at.getTime(), row.published && row.published_at ? row.published_at.getTime() : 0);
      return [...byId.values()]
        .sort((a, b) => moment(b) - moment(a) || (String(b._id) > String(a._id) ? 1 : -1))
        .slice(0, limit)
        .map(toVersion);
    },
  };
}
