import { Schema, type Connection, type Model, type Types } from 'mongoose';
import { IMAGE_TONES, PAGE_KEYS, type CmsImageMetadata, type PageKey } from '@croft/contracts';

export const CMS_IMAGES_COLLECTION = 'cms_images';

/** A cms_images row (spec 001 §3): one image of a named carousel on a page. */
export interface CmsImage {
  _id: Types.ObjectId;
  page: PageKey;
  carousel_name: string;
  published: boolean;
  sort_order: number;
  /**
   * Base path the browser adds `-<width>.<format>` to: `/images/<id>` for catalogue artwork,
   * `/api/content/media/<file id>` (uploadedImageUrl) for an upload.
   */
  image_url: string;
  metadata: CmsImageMetadata;
  created_at: Date;
  // Editing (issue 11). Seeded rows from before editing have none of these: a missing version is
  // 1, a missing updated_at is created_at, a missing uploaded is false (catalogue artwork).
  /** Counts the row's changes (metadata, publishing); every editor write is guarded on it. */
  version?: number;
  /** True for an image uploaded through the editor: its renditions live in the BlobStore. */
  uploaded?: boolean;
  /** Pixel size of the largest rendition (uploaded images). */
  width?: number;
  height?: number;
  updated_at?: Date;
  /** Email of whoever last changed it. */
  updated_by?: string;
}

export type CmsImageModel = Model<CmsImage>;

const metadataSchema = new Schema<CmsImageMetadata>(
  {
    type: { type: String, required: true, enum: IMAGE_TONES },
    overlay: { type: Number, min: 0, max: 1 },
    backgroundPosition: { type: String, maxlength: 60 },
    backgroundSize: { type: String, enum: ['cover', 'contain'] },
    alt: { type: String, maxlength: 300 },
  },
  { _id: false, strict: 'throw' },
);

const cmsImageSchema = new Schema<CmsImage>(
  {
    page: { type: String, required: true, enum: PAGE_KEYS },
    carousel_name: { type: String, required: true, match: /^[a-z][a-z0-9-]{0,39}$/ },
    published: { type: Boolean, required: true, default: false },
    sort_order: {
      type: Number,
      required: true,
      validate: { validator: Number.isInteger, message: 'sort_order must be a whole number' },
    },
    image_url: { type: String, required: true, maxlength: 500 },
    metadata: { type: metadataSchema, required: true },
    created_at: { type: Date, required: true },
    version: { type: Number, min: 1, validate: { validator: Number.isInteger, message: 'version must be a whole number' } },
    uploaded: { type: Boolean },
    width: { type: Number, min: 1 },
    height: { type: Number, min: 1 },
    updated_at: { type: Date },
    updated_by: { type: String, maxlength: 320 },
  },
  { collection: CMS_IMAGES_COLLECTION, versionKey: false, strict: 'throw' },
);
// The visitor read: one carousel's published images in order.
cmsImageSchema.index({ page: 1, carousel_name: 1, published: 1, sort_order: 1 });
// An image appears once per carousel; seeding is keyed by it.
cmsImageSchema.index({ page: 1, carousel_name: 1, image_url: 1 }, { unique: true });

export function cmsImageModel(connection: Connection): CmsImageModel {
  return (connection.models.CmsImage as CmsImageModel | undefined) ?? connection.model<CmsImage>('CmsImage', cmsImageSchema);
}

export const CMS_IMAGE_SEED_LOG_COLLECTION = 'cms_image_seed_log';

/**
 * The catalogue images ever seeded, by (page, carousel_name, image_url): seeding inserts a
 * catalogue image only once, so one an editor deleted never comes back on the next start.
 */
export interface CmsImageSeedLogEntry {
  _id: Types.ObjectId;
  page: PageKey;
  carousel_name: string;
  image_url: string;
  at: Date;
}

export type CmsImageSeedLogModel = Model<CmsImageSeedLogEntry>;

const cmsImageSeedLogSchema = new Schema<CmsImageSeedLogEntry>(
  {
    page: { type: String, required: true, enum: PAGE_KEYS },
    carousel_name: { type: String, required: true },
    image_url: { type: String, required: true },
    at: { type: Date, required: true },
  },
  { collection: CMS_IMAGE_SEED_LOG_COLLECTION, versionKey: false },
);
cmsImageSeedLogSchema.index({ page: 1, carousel_name: 1, image_url: 1 }, { unique: true });

export function cmsImageSeedLogModel(connection: Connection): CmsImageSeedLogModel {
  return (
    (connection.models.CmsImageSeedLog as CmsImageSeedLogModel | undefined) ??
    connection.model<CmsImageSeedLogEntry>('CmsImageSeedLog', cmsImageSeedLogSchema)
  );
}
