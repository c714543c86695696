import { faqListResponseSchema, type FaqRow, type PageKey } from '@croft/contracts';
import { ApiError, requestJson, type ClientOptions } from './api-error';

export interface ContentClient {
  listFaq(page: PageKey, init?: { signal?: AbortSignal }): Promise<FaqRow[]>;
}

export function createContentClient(options: ClientOptions = {}): ContentClient {
  return {
    async listFaq(page, init) {
      const body = await requestJson(options, `/api/content/faq?page=${encodeURIComponent(page)}`, { signal: init?.signal });
      const parsed = faqListResponseSchema.safeParse(body);
      if (!parsed.success) throw new ApiError(200, 'invalid_response', 'The FAQ answer did not match its contract');
      return parsed.data.items;
    },
  };
}
