/** One run of a word diff: text kept, added (only in the new text) or removed (only in the old). */
export interface DiffPart {
  type: 'same' | 'added' | 'removed';
  text: string;
}

/** Words and the whitespace between them, as separate tokens (so a diff keeps line breaks). */
export function tokens(text: string): string[] {
  return text.split(/(\s+)/).filter((t) => t !== '');
}

/** Past this many cells the LCS table is not worth building: the changed middle is shown replaced whole. */
const MAX_CELLS = 4_000_000;

function push(parts: DiffPart[], type: DiffPart['type'], text: string) {
  if (!text) return;
  const last = parts[parts.length - 1];
  if (last && last.type === type) last.text += text;
  else parts.push({ type, text });
}

/**
 * A word-level diff of `before` → `after` (longest common subsequence of words and whitespace,
 * after trimming the common start and end). Adjacent runs of one kind are merged; within a
 * change, what was removed comes before what was added. Editor-only code: the texts are CMS
 * blocks (at most a few thousand characters), so a plain table is small and quick.
 */
export function diffWords(before: string, after: string): DiffPart[] {
  const a = tokens(before);
  const b = tokens(after);
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const parts: DiffPart[] = [];
  push(parts, 'same', a.slice(0, start).join(''));
  const midA = a.slice(start, endA);
  const midB = b.slice(start, endB);
  const n = midA.length;
  const m = midB.length;
  if (n * m > MAX_CELLS || n === 0 || m === 0) {
    push(parts, 'removed', midA.join(''));
    push(parts, 'added', midB.join(''));
  } else {
    // lcs[i * (m + 1) + j]: the LCS length of midA[i..] and midB[j..].
    const width = m + 1;
    const lcs = new Uint32Array((n + 1) * width);
    for (let i = n - 1; i >= 0; i--) {
      for (let j = m - 1; j >= 0; j--) {
        lcs[i * width + j] = midA[i] === midB[j] ? lcs[(i + 1) * width + j + 1] + 1 : Math.max(lcs[(i + 1) * width + j], lcs[i * width + j + 1]);
      }
    }
    let i = 0;
    let j = 0;
    let removed = '';
    let added = '';
    const flush = () => {
      push(parts, 'removed', removed);
      push(parts, 'added', added);
      removed = '';
      added = '';
    };
    while (i < n || j < m) {
      if (i < n && j < m && midA[i] === midB[j]) {
        flush();
        push(parts, 'same', midA[i]);
        i++;
        j++;
      } else if (j >= m || (i < n && lcs[(i + 1) * width + j] >= lcs[i * width + j + 1])) {
        removed += midA[i++];
      } else {
        added += midB[j++];
      }
    }
    flush();
  }
  push(parts, 'same', a.slice(endA).join(''));
  return parts;
}

/** True when the diff changes anything. */
export const hasChanges = (parts: readonly DiffPart[]) => parts.some((p) => p.type !== 'same');
