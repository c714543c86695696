import {
  contentFaqEditingEndpoints as faq,
  type CreateFaqRequest,
  type FaqEditorRow,
  type PageKey,
  type UpdateFaqRequest,
} from '@croft/contracts';
import { queryOptions, useQuery } from '@croft/query';
import { callAsStaff } from '../../staff/api/staff-client';

/** Query keys of the FAQ editor: the user id keeps one person's cached answers from another's. */
export const faqEditorKeys = {
  page: (userId: string, page: PageKey) => ['staff', userId, 'faq', page] as const,
};

/** Every row of a page, drafts included, in display order (read on each visit). */
export function faqEditorRowsQuery(userId: string, page: PageKey) {
  return queryOptions({
    queryKey: faqEditorKeys.page(userId, page),
    queryFn: async ({ signal }) => (await callAsStaff(faq.listFaqEditorRows, { params: { page } }, { signal })).items,
    staleTime: 0,
    meta: { errorMessage: 'The questions could not be read' },
  });
}

export function useFaqEditorRows(userId: string, page: PageKey) {
  return useQuery(faqEditorRowsQuery(userId, page));
}

/** The FAQ editor's writes (each answers what the service now has). */
export const faqEditing = {
  create: (body: CreateFaqRequest): Promise<FaqEditorRow> => callAsStaff(faq.createFaqRow, { body }),
  update: (id: string, body: UpdateFaqRequest): Promise<FaqEditorRow> => callAsStaff(faq.updateFaqRow, { params: { id }, body }),
  setPublished: (row: Pick<FaqEditorRow, 'id' | 'version'>, published: boolean): Promise<FaqEditorRow> =>
    callAsStaff(faq.setFaqRowPublished, { params: { id: row.id }, body: { published, version: row.version } }),
  remove: async (row: Pick<FaqEditorRow, 'id' | 'version'>): Promise<void> =>
    void (await callAsStaff(faq.deleteFaqRow, { params: { id: row.id }, query: { version: String(row.version) } })),
  reorder: async (page: PageKey, ids: readonly string[]): Promise<FaqEditorRow[]> =>
    (await callAsStaff(faq.reorderFaqRows, { params: { page }, body: { ids: [...ids] } })).items,
};
