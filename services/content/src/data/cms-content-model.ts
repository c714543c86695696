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

/**
 * A cms_content row (spec 000 §3). Several rows may exist for one (page, section, content_key):
 * drafts (published false) saved by editors and the published ones; visitors get the newest
 * published row of each key.
 */
export interface CmsContent {
  _id: Types.ObjectId;
  page: PageKey;
  section: string;
  content_key: string;
  content_type: (typeof CMS_CONTENT_TYPES)[number];
  content_data: StoredTextData;
  published: boolean;
  /** The editor's user id; null for seeded text. */
  created_by: string | null;
  updated_at: Date;
}

/** A cms_global_content row: site-wide text (brand name, footer lines). */
export interface CmsGlobalContent {
  _id: Types.ObjectId;
  content_key: string;
  content_type: (typeof CMS_CONTENT_TYPES)[number];
  content_value: string;
  content_data: StoredTextData | null;
  published: boolean;
  created_by: string | null;
  updated_at: Date;
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
    created_by: { type: String, default: null },
    updated_at: { type: Date, required: true },
  },
  { collection: CMS_CONTENT_COLLECTION, versionKey: false, strict: 'throw' },
);
// The visitor read: one page's published rows, newest first.
cmsContentSchema.index({ page: 1, published: 1, updated_at: -1 });
// The editor's lookup of one key (spec 000 §7: filtered by page, section, content_key, published).
cmsContentSchema.index({ page: 1, section: 1, content_key: 1, published: 1, updated_at: -1 });

const cmsGlobalContentSchema = new Schema<CmsGlobalContent>(
  {
    content_key: { type: String, required: true, match: KEY },
    content_type: { type: String, required: true, enum: CMS_CONTENT_TYPES, default: 'text' },
    content_value: { type: String, default: '', maxlength: CMS_TEXT_MAX_LENGTH },
    content_data: { type: textDataSchema, default: null },
    published: { type: Boolean, required: true, default: false },
    created_by: { type: String, default: null },
    updated_at: { type: Date, required: true },
  },
  { collection: CMS_GLOBAL_CONTENT_COLLECTION, versionKey: false, strict: 'throw' },
);
cmsGlobalContentSchema.index({ published: 1, updated_at: -1 });
cmsGlobalContentSchema.index({ content_key: 1, published: 1, updated_at: -1 });

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
