import { Schema, type Connection, type Model, type Types } from 'mongoose';
import {
  CMS_CONTENT_TYPES,
  CMS_TEXT_MAX_LENGTH,
  CONTAINER_POSITIONS,
  MARGIN_STEPS,
  PAGE_KEYS,
  TEXT_ALIGNMENTS,
  type PageKey,
  type Positioning,
} from '@croft/contracts';

export const CMS_CONTENT_COLLECTION = 'cms_content';
export const CMS_GLOBAL_CONTENT_COLLECTION = 'cms_global_content';

/** content_data of a text row, as stored. */
export interface StoredTextData {
  text: string;
  positioning?: Positioning;
}

/** Who saved or published a version, as stored beside it. */
export interface VersionStamps {
  /**
   * The version's number within its text: 1, 2, 3 … (unique per text, libs/contracts
   * cms-editing.ts). Rows written before versions existed get one at start-up
   * (`assignMissingRevisions`), so code reading rows treats a missing one as 0.
   */
  revision: number;
  /** The editor's user id; null for seeded text. */
  created_by: string | null;
  created_by_email?: string | null;
  updated_at: Date;
  /** Set when the version went live. */
  published_at?: Date | null;
  /** Who published it: a user id, or null for the platform (the seed, a scheduled publish). */
  published_by?: string | null;
  published_by_email?: string | null;
}

/**
 * A cms_content row (spec 000 §3): one immutable version of one (page, section, content_key).
 * Drafts (published false) are saved by editors and published later; visitors get the published
 * row with the highest revision of each key.
 */
export interface CmsContent extends VersionStamps {
  _id: Types.ObjectId;
  page: PageKey;
  section: string;
  content_key: string;
  content_type: (typeof CMS_CONTENT_TYPES)[number];
  content_data: StoredTextData;
  published: boolean;
}

/** A cms_global_content row: site-wide text (brand name, footer lines). */
export interface CmsGlobalContent extends VersionStamps {
  _id: Types.ObjectId;
  content_key: string;
  content_type: (typeof CMS_CONTENT_TYPES)[number];
  content_value: string;
  content_data: StoredTextData | null;
  published: boolean;
}

export type CmsContentModel = Model<CmsContent>;
export type CmsGlobalContentModel = Model<CmsGlobalContent>;

const KEY = /^[a-z][a-z0-9_-]{0,63}$/;

const positioningSchema = new Schema<Positioning>(
  {
    alignment: { type: String, enum: TEXT_ALIGNMENTS },
    containerPosition: { type: String, enum: CONTAINER_POSITIONS },
    marginTop: { type: String, enum: MARGIN_STEPS },
    marginBottom: { type: String, enum: MARGIN_STEPS },
    marginLeft: { type: String, enum: MARGIN_STEPS },
    marginRight: { type: String, enum: MARGIN_STEPS },
  },
  { _id: false, strict: 'throw' },
);

const textDataSchema = new Schema<StoredTextData>(
  {
    // Empty text is allowed: an editor may blank a line on purpose.
    text: { type: String, default: '', maxlength: CMS_TEXT_MAX_LENGTH },
    positioning: { type: positioningSchema, required: false },
  },
  { _id: false, strict: 'throw' },
);

const cmsContentSchema = new Schema<CmsContent>(
  {
    page: { type: String, required: true, enum: PAGE_KEYS },
    section: { type: String, required: true, match: KEY },
    content_key: { type: String, required: true, match: KEY },
    content_type: { type: String, required: true, enum: CMS_CONTENT_TYPES, default: 'text' },
    content_data: { type: textDataSchema, required: true },
    published: { type: Boolean, required: true, default: false },
    revision: { type: Number, required: true, min: 1, validate: { validator: Number.isInteger, message: 'revision must be a whole number' } },
    created_by: { type: String, default: null },
    created_by_email: { type: String, default: null },
    updated_at: { type: Date, required: true },
    published_at: { type: Date, default: null },
    published_by: { type: String, default: null },
    published_by_email: { type: String, default: null },
  },
  { collection: CMS_CONTENT_COLLECTION, versionKey: false, strict: 'throw' },
);
/**
 * One version per revision of a text: two saves over the same base race for the same revision and
 * exactly one insert wins (the other is a 409 edit_conflict). Partial on `revision` so rows of an
 * older database, which have none until `assignMissingRevisions` numbers them, never block it.
 */
const HAS_REVISION = { partialFilterExpression: { revision: { $exists: true } } };
cmsContentSchema.index({ page: 1, section: 1, content_key: 1, revision: 1 }, { unique: true, ...HAS_REVISION });
// The visitor read: one page's published rows.
cmsContentSchema.index({ page: 1, published: 1, revision: -1 });
// Pending drafts and recent activity across the site.
cmsContentSchema.index({ published: 1, updated_at: -1 });
cmsContentSchema.index({ updated_at: -1 });
cmsContentSchema.index({ published_at: -1 });

const cmsGlobalContentSchema = new Schema<CmsGlobalContent>(
  {
    content_key: { type: String, required: true, match: KEY },
    content_type: { type: String, required: true, enum: CMS_CONTENT_TYPES, default: 'text' },
    content_value: { type: String, default: '', maxlength: CMS_TEXT_MAX_LENGTH },
    content_data: { type: textDataSchema, default: null },
    published: { type: Boolean, required: true, default: false },
    revision: { type: Number, required: true, min: 1, validate: { validator: Number.isInteger, message: 'revision must be a whole number' } },
    created_by: { type: String, default: null },
    created_by_email: { type: String, default: null },
    updated_at: { type: Date, required: true },
    published_at: { type: Date, default: null },
    published_by: { type: String, default: null },
    published_by_email: { type: String, default: null },
  },
  { collection: CMS_GLOBAL_CONTENT_COLLECTION, versionKey: false, strict: 'throw' },
);
cmsGlobalContentSchema.index({ content_key: 1, revision: 1 }, { unique: true, ...HAS_REVISION });
cmsGlobalContentSchema.index({ published: 1, updated_at: -1 });
cmsGlobalContentSchema.index({ updated_at: -1 });
cmsGlobalContentSchema.index({ published_at: -1 });

/** The CmsContent model on `connection` (defined once per connection). */
export function cmsContentModel(connection: Connection): CmsContentModel {
  return (
    (connection.models.CmsContent as CmsContentModel | undefined) ??
    connection.model<CmsContent>('CmsContent', cmsContentSchema)
  );
}

/** The CmsGlobalContent model on `connection`. */
export function cmsGlobalContentModel(connection: Connection): CmsGlobalContentModel {
  return (
    (connection.models.CmsGlobalContent as CmsGlobalContentModel | undefined) ??
    connection.model<CmsGlobalContent>('CmsGlobalContent', cmsGlobalContentSchema)
  );
}
