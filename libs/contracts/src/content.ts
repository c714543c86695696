import * as z from 'zod/mini';
import { PAGE_KEYS } from './constants';

/** FAQ row (spec 001 §3): page, question, answer, sort_order, published. */
export const faqRowSchema = z.strictObject({
  id: z.string(),
  page: z.string(),
  question: z.string(),
  answer: z.string(),
  sort_order: z.int(),
  published: z.boolean(),
});
export type FaqRow = z.infer<typeof faqRowSchema>;

/** GET /api/content/faq?page=home */
export const faqQuerySchema = z.strictObject({
  page: z.enum(PAGE_KEYS),
});
export type FaqQuery = z.infer<typeof faqQuerySchema>;

export const faqListResponseSchema = z.strictObject({
  items: z.array(faqRowSchema),
});
export type FaqListResponse = z.infer<typeof faqListResponseSchema>;
