import { useEffect, useState } from 'react';

export const FALLBACK_BRAND = 'Croft Common';

/**
 * The brand text of the top navigation from content management (global content 'brand_name'),
 * falling back to the venue's name. One small read, shared by every mount; a failure is logged
 * and the fallback stays (spec 000 §8: CMS read failures are only logged).
 */
let brand: Promise<string> | null = null;

function readBrand(): Promise<string> {
  brand ??= fetch('/api/content/global', { headers: { accept: 'application/json' } })
    .then(async (res) => {
      if (!res.ok) throw new Error(`global content answered ${res.status}`);
      const body = (await res.json()) as { items?: { content_key?: unknown; content_value?: unknown }[] };
      const row = body.items?.find((item) => item.content_key === 'brand_name');
      return typeof row?.content_value === 'string' && row.content_value.trim() ? row.content_value.trim() : FALLBACK_BRAND;
    })
    .catch((error: unknown) => {
      console.warn('[shell] brand name could not be read; showing the fallback', error);
      return FALLBACK_BRAND;
    });
  return brand;
}

/** For tests. */
export function resetBrandName(): void {
  brand = null;
}

export function useBrandName(): string {
  const [name, setName] = useState(FALLBACK_BRAND);
  useEffect(() => {
    let live = true;
    void readBrand().then((value) => live && setName(value));
    return () => {
      live = false;
    };
  }, []);
  return name;
}
