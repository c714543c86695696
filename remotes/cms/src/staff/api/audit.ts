import {
  listCinemaAuditEndpoint,
  listContentAuditEndpoint,
  listIdentityAuditEndpoint,
  listLoyaltyAuditEndpoint,
  listNudgeAuditEndpoint,
  type AuditListResponse,
} from '@croft/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@croft/query';
import { callAsStaff, staffKeys } from './staff-client';

/** Events read per page from each service. */
export const AUDIT_PAGE_SIZE = 25;

/** The services whose audit lists /admin/audit merges, and how the page names them. */
export const AUDIT_SOURCES = [
  { service: 'identity', label: 'Roles (identity)', endpoint: listIdentityAuditEndpoint },
  { service: 'content', label: 'Page text, FAQs and images (content)', endpoint: listContentAuditEndpoint },
  { service: 'loyalty', label: 'Loyalty cards (loyalty)', endpoint: listLoyaltyAuditEndpoint },
  { service: 'cinema', label: 'Secret Cinema (cinema)', endpoint: listCinemaAuditEndpoint },
  { service: 'nudge', label: 'Nudges (nudge)', endpoint: listNudgeAuditEndpoint },
] as const;
export type AuditSource = (typeof AUDIT_SOURCES)[number];

function readPage(source: AuditSource, before?: string): Promise<AuditListResponse> {
  return callAsStaff(source.endpoint, { query: { limit: String(AUDIT_PAGE_SIZE), ...(before ? { before } : {}) } });
}

/**
 * One service's audit events loaded so far: the first page, then each 'Load more' appends the next
 * (the cache holds the pages together; a refetch starts again from the newest).
 */
export function auditQuery(userId: string, source: AuditSource) {
  return queryOptions({
    queryKey: staffKeys.audit(userId, source.service),
    queryFn: () => readPage(source),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    meta: { errorMessage: `The ${source.service} audit log could not be read` },
  });
}

export function useAuditStream(userId: string, source: AuditSource) {
  return useQuery(auditQuery(userId, source));
}

/** Reads the next page of one service (from its next_cursor) and appends it to what is loaded. */
export function useLoadMoreAudit(userId: string, source: AuditSource) {
  const queryClient = useQueryClient();
  const key = staffKeys.audit(userId, source.service);
  return useMutation({
    mutationFn: async () => {
      const loaded = queryClient.getQueryData<AuditListResponse>(key);
      if (!loaded?.next_cursor) return null;
      return { cursor: loaded.next_cursor, page: await readPage(source, loaded.next_cursor) };
    },
    onSuccess: (result) => {
      if (!result) return;
      queryClient.setQueryData<AuditListResponse>(key, (loaded) => {
        // A refetch meanwhile started again from the newest: this page belongs to the old list.
        if (!loaded || loaded.next_cursor !== result.cursor) return loaded;
        const seen = new Set(loaded.items.map((e) => e.id));
        return { items: [...loaded.items, ...result.page.items.filter((e) => !seen.has(e.id))], next_cursor: result.page.next_cursor };
      });
    },
  });
}
