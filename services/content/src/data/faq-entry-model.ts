import { Schema, type Connection, type Model, type Types } from 'mongoose';
import { PAGE_KEYS, type PageKey } from '@croft/contracts';

export const FAQ_COLLECTION = 'cms_faq_content';

export interface FaqEntry {
  _id: Types.ObjectId;
  page: PageKey;
  question: string;
  answer: string;
  sort_order: number;
  published: boolean;
  /** Counts the row's changes (1 when created; rows from before editing have none: read as 1). */
  version?: number;
  createdAt: Date;
  updatedAt: Date;
}

export type FaqEntryModel = Model<FaqEntry>;

const faqEntrySchema = new Schema<FaqEntry>(
  {
    page: { type: String, required: true, enum: PAGE_KEYS },
    question: { type: String, required: true, trim: true, minlength: 1, maxlength: 300 },
    answer: { type: String, required: true, trim: true, minlength: 1, maxlength: 5000 },
    sort_order: {
      type: Number,
      required: true,
      validate: { validator: Number.isInteger, message: 'sort_order must be a whole number' },
    },
    published: { type: Boolean, required: true, default: false },
    version: {
      type: Number,
      min: 1,
      validate: { validator: Number.isInteger, message: 'version must be a whole number' },
    },
  },
  { collection: FAQ_COLLECTION, timestamps: true, versionKey: false },
);

// The public read: one page's rows in display order.
faqEntrySchema.index({ page: 1, sort_order: 1 });
// Seeding is keyed by (page, question): restarts never duplicate a question.
faqEntrySchema.index({ page: 1, question: 1 }, { unique: true });

/** The FaqEntry model on `connection` (defined once per connection). */
export function faqEntryModel(connection: Connection): FaqEntryModel {
  return (connection.models.FaqEntry as FaqEntryModel | undefined) ?? connection.model<FaqEntry>('FaqEntry', faqEntrySchema);
}

export const FAQ_SEED_LOG_COLLECTION = 'cms_faq_seed_log';

/**
 * The bundled questions ever inserted, by (page, question): seeding inserts a bundled question
 * only once, so a question an editor deleted or reworded never comes back on the next start.
 */
export interface FaqSeedLogEntry {
  _id: Types.ObjectId;
  page: PageKey;
  question: string;
  at: Date;
}

export type FaqSeedLogModel = Model<FaqSeedLogEntry>;

const faqSeedLogSchema = new Schema<FaqSeedLogEntry>(
  {
    page: { type: String, required: true, enum: PAGE_KEYS },
    question: { type: String, required: true },
    at: { type: Date, required: true },
  },
  { collection: FAQ_SEED_LOG_COLLECTION, versionKey: false },
);
faqSeedLogSchema.index({ page: 1, question: 1 }, { unique: true });

export function faqSeedLogModel(connection: Connection): FaqSeedLogModel {
  return (connection.models.FaqSeedLog as FaqSeedLogModel | undefined) ?? connection.model<FaqSeedLogEntry>('FaqSeedLog', faqSeedLogSchema);
}
