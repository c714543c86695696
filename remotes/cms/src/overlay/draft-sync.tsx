import { useEffect, useRef, useSyncExternalStore } from 'react';
import { GLOBAL_CMS_PAGE, type EditablePage, type EditorTextEntry, type PageKey } from '@croft/contracts';
import { GLOBAL_TEXT_QUERY, pageTextQueryKey } from '@croft/api-client/content';
import { useQueryClient } from '@croft/query';
import { useEditorPageText } from '../editing/api/get-editor-page-text';
import { globalRows, pageRows, type Shown } from './text-rows';

const PAGE_TEXT_PREFIX = ['content', 'page-text'] as const;

/** The page-text reads the page has made (the pages whose text is, or was, on screen), as 'a,b'. */
function usePagesRead(): EditablePage[] {
  const cache = useQueryClient().getQueryCache();
  const pages = useSyncExternalStore(
    cache.subscribe,
    () =>
      cache
        .findAll({ queryKey: PAGE_TEXT_PREFIX })
        .map((query) => String(query.queryKey[2]))
        .sort()
        .join(','),
  );
  return pages ? (pages.split(',') as EditablePage[]) : [];
}

const sameKey = (a: readonly unknown[], b: readonly unknown[]) => a.length === b.length && a.every((part, i) => part === b[i]);

/**
 * One page's (or the global) text in edit mode: the editor's view of it is read, and the draft of
 * each text (else what is live) is written into the cache the page reads (the site's page text,
 * the global text of the brand name and footer), so every text on screen shows its draft. A
 * published read landing later is overwritten again. Leaving edit mode writes back what is live
 * and asks the service again, so the published text returns.
 */
function PageDraftSync({ page, active }: { page: EditablePage; active: boolean }) {
  const queryClient = useQueryClient();
  const { data } = useEditorPageText(page, active);
  const target = page === GLOBAL_CMS_PAGE ? GLOBAL_TEXT_QUERY.queryKey : pageTextQueryKey(page as PageKey);
  const targetRef = useRef(target);
  const latest = useRef<EditorTextEntry[] | undefined>(data);
  latest.current = data;

  useEffect(() => {
    if (!active || !data) return;
    const key = targetRef.current;
    const rows = (shown: Shown) => (page === GLOBAL_CMS_PAGE ? globalRows(data, shown) : pageRows(page as PageKey, data, shown));
    const write = () => queryClient.setQueryData(key, rows('draft'));
    write();
    return queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'success' || event.action.manual) return;
      if (sameKey(event.query.queryKey, key)) write();
    });
  }, [active, data, page, queryClient]);

  useEffect(() => {
    if (!active) return;
    const key = targetRef.current;
    return () => {
      const entries = latest.current;
      if (entries) queryClient.setQueryData(key, page === GLOBAL_CMS_PAGE ? globalRows(entries, 'live') : pageRows(page as PageKey, entries, 'live'));
      void queryClient.invalidateQueries({ queryKey: key });
    };
  }, [active, page, queryClient]);

  return null;
}

/** Drafts on screen for every page the tab has read, and the global text, while `active`. */
export function DraftSync({ active }: { active: boolean }) {
  const pages = usePagesRead();
  return (
    <>
      {[GLOBAL_CMS_PAGE as EditablePage, ...pages].map((page) => (
        <PageDraftSync key={page} page={page} active={active} />
      ))}
    </>
  );
}
