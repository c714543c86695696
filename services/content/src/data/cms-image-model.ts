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
  /** Base path `/images/<id>`; the browser adds width and format. */
  image_url: string;
  metadata: CmsImageMetadata;
  created_at: Date;
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
