import { useCallback, useEffect, useState } from 'react';
import type { PageKey } from '@croft/contracts';
import { createContentClient, type ContentClient } from '@croft/api-client';
import {
  loadGlobalText,
  loadPageText,
  peekGlobalText,
  peekPageText,
  resolveGlobalText,
  resolvePageText,
  type TextEntry,
  type TextMap,
} from './page-text-store';

const defaultClient = createContentClient();

export interface PageText {
  /** True once the page's published text has arrived (or its read failed and fallback is final). */
  ready: boolean;
  /** The text and positioning for a key: published row, else bundled default, else undefined. */
  entry(section: string, contentKey: string): TextEntry | undefined;
  /** The text for a key ('' when there is none at all). */
  text(section: string, contentKey: string): string;
}

/**
 * The CMS text of a page (spec 000 §3–§8): one request per page per session, published rows
 * only, the bundled text (libs/contracts page-text.ts) for any key the database lacks or when the
 * read fails. The bundled text shows from the first render, so nothing waits on the network.
 */
export function usePageText(page: PageKey, client: ContentClient = defaultClient): PageText {
  const [loaded, setLoaded] = useState<{ page: PageKey; client: ContentClient; rows: TextMap } | undefined>(() => {
    const rows = peekPageText(page, client);
    return rows ? { page, client, rows } : undefined;
  });
  const current = loaded && loaded.page === page && loaded.client === client ? loaded.rows : peekPageText(page, client);

  useEffect(() => {
    let live = true;
    void loadPageText(page, client).then((rows) => {
      if (live) setLoaded({ page, client, rows });
    });
    return () => {
      live = false;
    };
  }, [page, client]);

  const entry = useCallback((section: string, contentKey: string) => resolvePageText(current, page, section, contentKey), [current, page]);
  return { ready: current !== undefined, entry, text: (section, contentKey) => entry(section, contentKey)?.text ?? '' };
}

export interface GlobalText {
  ready: boolean;
  entry(contentKey: string): TextEntry | undefined;
  text(contentKey: string): string;
}

/** Site-wide text (brand name, tagline, footer lines) with the same fallback rules. */
export function useGlobalText(client: ContentClient = defaultClient): GlobalText {
  const [loaded, setLoaded] = useState<{ client: ContentClient; rows: TextMap } | undefined>(() => {
    const rows = peekGlobalText(client);
    return rows ? { client, rows } : undefined;
  });
  const current = loaded && loaded.client === client ? loaded.rows : peekGlobalText(client);

  useEffect(() => {
    let live = true;
    void loadGlobalText(client).then((rows) => {
      if (live) setLoaded({ client, rows });
    });
    return () => {
      live = false;
    };
  }, [client]);

  const entry = useCallback((contentKey: string) => resolveGlobalText(current, contentKey), [current]);
  return { ready: current !== undefined, entry, text: (contentKey) => entry(contentKey)?.text ?? '' };
}
