import { z } from 'zod';
import { PAGE_KEYS } from './constants';

/** FAQ row (spec 001 §3): page, question, answer, sort_order, published. */
export const faqRowSchema = z.object({
  id: z.string(),
  page: z.string(),
  question: z.string(),
  answer: z.string(),
  sort_order: z.number().int(),
  published: z.boolean(),
}).strict();
export type FaqRow = z.infer<typeof faqRowSchema>;

/** GET /api/content/faq?page=home */
export const faqQuerySchema = z.object({
  page: z.enum(PAGE_KEYS),
}).strict();
export type FaqQuery = z.infer<typeof faqQuerySchema>;

export const faqListResponseSchema = z.object({
  items: z.array(faqRowSchema),
}).strict();
export type FaqListResponse = z.infer<typeof faqListResponseSchema>;
