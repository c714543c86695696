import * as z from 'zod/mini';
import { PAGE_KEYS } from './constants';
import { IMAGE_TONES } from './imagery';

// ---------------------------------------------------------------------------------------------
// CMS page text, global text, images and secret words (spec 000 §3–§5, spec 001 §3, §7).
// Visitors only ever read published rows; drafts (published false) exist for the CMS editor.
// ---------------------------------------------------------------------------------------------

/** Text alignment of a CMS text block. */
export const TEXT_ALIGNMENTS = ['left', 'center', 'right'] as const;
export type TextAlignment = (typeof TEXT_ALIGNMENTS)[number];
/** Where a CMS text block sits on the page. */
export const CONTAINER_POSITIONS = ['default', 'page-left', 'page-center', 'page-right'] as const;
export type ContainerPosition = (typeof CONTAINER_POSITIONS)[number];
/** Margin steps of the spacing scale (spec 000 §9): None, Small, Medium, Large, X-Large. */
export const MARGIN_STEPS = ['0', '1', '2', '4', '8'] as const;
export type MarginStep = (typeof MARGIN_STEPS)[number];

/** The positioning object (spec 000 §3). Every field is optional; unknown keys are rejected. */
export const positioningSchema = z.strictObject({
  alignment: z.optional(z.enum(TEXT_ALIGNMENTS)),
  containerPosition: z.optional(z.enum(CONTAINER_POSITIONS)),
  marginTop: z.optional(z.enum(MARGIN_STEPS)),
  marginBottom: z.optional(z.enum(MARGIN_STEPS)),
  marginLeft: z.optional(z.enum(MARGIN_STEPS)),
  marginRight: z.optional(z.enum(MARGIN_STEPS)),
});
export type Positioning = z.infer<typeof positioningSchema>;

/** Longest CMS text block (a paragraph or two; the editor's multi-line mode starts at 100). */
export const CMS_TEXT_MAX_LENGTH = 5000;

/** content_data of a text row: the text and how it is placed. */
export const cmsTextDataSchema = z.strictObject({
  text: z.string().check(z.maxLength(CMS_TEXT_MAX_LENGTH)),
  positioning: z.optional(positioningSchema),
});
export type CmsTextData = z.infer<typeof cmsTextDataSchema>;

/** A section or content key: lower-case words joined by '_' or '-', e.g. 'hero', 'footer_address'. */
export const cmsKeySchema = z.string().check(z.regex(/^[a-z][a-z0-9_-]{0,63}$/, 'must be a lower-case key (letters, digits, _ or -)'));

export const CMS_CONTENT_TYPES = ['text'] as const;

/** A cms_content row (spec 000 §3). Dates are ISO strings on the wire. */
export const cmsContentRowSchema = z.strictObject({
  id: z.string(),
  page: z.enum(PAGE_KEYS),
  section: cmsKeySchema,
  content_key: cmsKeySchema,
  content_type: z.enum(CMS_CONTENT_TYPES),
  content_data: cmsTextDataSchema,
  published: z.boolean(),
  /** The editor's user id; null for bundled (seeded) text. */
  created_by: z.nullable(z.string()),
  updated_at: z.string(),
});
export type CmsContentRow = z.infer<typeof cmsContentRowSchema>;

/** GET /api/content/pages/:page/text */
export const pageTextParamsSchema = z.strictObject({ page: z.enum(PAGE_KEYS) });
export type PageTextParams = z.infer<typeof pageTextParamsSchema>;

/** Published rows of a page, one per (section, content_key): the newest updated_at wins. */
export const pageTextResponseSchema = z.strictObject({ items: z.array(cmsContentRowSchema) });
export type PageTextResponse = z.infer<typeof pageTextResponseSchema>;

/** A cms_global_content row (spec 000 §3): site-wide text such as the brand name. */
export const cmsGlobalContentRowSchema = z.strictObject({
  id: z.string(),
  content_key: cmsKeySchema,
  content_type: z.enum(CMS_CONTENT_TYPES),
  /** The plain text. */
  content_value: z.string().check(z.maxLength(CMS_TEXT_MAX_LENGTH)),
  /** The same text with its positioning, when an editor has placed it. */
  content_data: z.nullable(cmsTextDataSchema),
  published: z.boolean(),
  created_by: z.nullable(z.string()),
  updated_at: z.string(),
});
export type CmsGlobalContentRow = z.infer<typeof cmsGlobalContentRowSchema>;

/** GET /api/content/global: published rows, one per content_key (newest wins). */
export const globalTextResponseSchema = z.strictObject({ items: z.array(cmsGlobalContentRowSchema) });
export type GlobalTextResponse = z.infer<typeof globalTextResponseSchema>;

/** A carousel name, e.g. 'hero' or 'background'. */
export const carouselNameSchema = z.string().check(z.regex(/^[a-z][a-z0-9-]{0,39}$/, 'must be a lower-case carousel name'));

/** metadata of a cms_images row (spec 001 §3): tone type, overlay and CSS placement. */
export const cmsImageMetadataSchema = z.strictObject({
  type: z.enum(IMAGE_TONES),
  /** Strength of the dark overlay for legible text, 0–1. */
  overlay: z.optional(z.number().check(z.gte(0), z.lte(1))),
  backgroundPosition: z.optional(z.string().check(z.maxLength(60))),
  backgroundSize: z.optional(z.enum(['cover', 'contain'])),
  /** What the image shows, for screen readers. */
  alt: z.optional(z.string().check(z.maxLength(300))),
});
export type CmsImageMetadata = z.infer<typeof cmsImageMetadataSchema>;

/** A cms_images row. image_url is the base path `/images/<id>`; the browser builds the srcset. */
export const cmsImageRowSchema = z.strictObject({
  id: z.string(),
  page: z.enum(PAGE_KEYS),
  carousel_name: carouselNameSchema,
  published: z.boolean(),
  sort_order: z.int(),
  image_url: z.string().check(z.maxLength(500)),
  metadata: cmsImageMetadataSchema,
});
export type CmsImageRow = z.infer<typeof cmsImageRowSchema>;

/** GET /api/content/images?page=home&carousel_name=hero */
export const cmsImagesQuerySchema = z.strictObject({
  page: z.enum(PAGE_KEYS),
  carousel_name: carouselNameSchema,
});
export type CmsImagesQuery = z.infer<typeof cmsImagesQuerySchema>;

export const cmsImageListResponseSchema = z.strictObject({ items: z.array(cmsImageRowSchema) });
export type CmsImageListResponse = z.infer<typeof cmsImageListResponseSchema>;

/** The carousel names the seed creates. */
export const HERO_CAROUSEL = 'hero';
export const BACKGROUND_CAROUSEL = 'background';
