/**
 * Cache-bypass helpers for image retries: append `retry=<n>&t=<timestamp>` to
 * a URL, keeping any existing query string and #fragment intact.
 */

/** URLs a query string cannot be added to (the retry would load the same bytes). */
export function canCacheBust(url: string): boolean {
  return url.trim() !== '' && !/^\s*(data|blob):/i.test(url);
}

export function withCacheBust(url: string, retry: number, timestamp: number): string {
  if (!canCacheBust(url)) return url;
  const hashAt = url.indexOf('#');
  const base = hashAt === -1 ? url : url.slice(0, hashAt);
  const hash = hashAt === -1 ? '' : url.slice(hashAt);
  const separator = !base.includes('?') ? '?' : /[?&]$/.test(base) ? '' : '&';
  return `${base}${separator}retry=${retry}&t=${timestamp}${hash}`;
}

/**
 * The same for every candidate of a srcset ("a.jpg 1x, b.jpg?w=2 2x"). Follows
 * the HTML parsing rule: a URL runs to the next whitespace, and a trailing
 * comma on it ends the candidate.
 */
export function srcSetWithCacheBust(srcSet: string, retry: number, timestamp: number): string {
  const out: string[] = [];
  let i = 0;
  const s = srcSet;
  while (i < s.length) {
    while (i < s.length && (s[i] === ',' || /\s/.test(s[i]))) i++;
    if (i >= s.length) break;
    let j = i;
    while (j < s.length && !/\s/.test(s[j])) j++;
    let url = s.slice(i, j);
    let descriptor = '';
    if (url.endsWith(',')) {
      url = url.replace(/,+$/, '');
    } else {
      let k = j;
      while (k < s.length && s[k] !== ',') k++;
      descriptor = s.slice(j, k).trim();
      j = k;
    }
    out.push(descriptor ? `${withCacheBust(url, retry, timestamp)} ${descriptor}` : withCacheBust(url, retry, timestamp));
    i = j + 1;
  }
  return out.join(', ');
}
