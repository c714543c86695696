/**
 * Ordered indexes: what lets a query on an indexed field read only the documents it can match
 * instead of the whole collection.
 *
 * For each field that leads a declared index, the collection can keep a B+ tree of
 * (value, _id key) in MongoDB's cross-type order (null < numbers < strings < objects < arrays
 * < binary < ObjectId < booleans < dates < ...). Multikey documents contribute one entry per
 * element, a missing field is indexed as null. The planner (candidatePlan) turns the
 * conditions of a filter into bounds on such trees; the documents found are always a superset
 * of the matches, because every command still runs the full filter over them. So an index can
 * make a query faster, never change its answer.
 *
 * A tree is built (in bulk) when its index is declared and kept up to date by every write after,
 * so no query ever waits for a build.
 */
import SortedBTree from 'sorted-btree';
import { bulkLoad } from 'sorted-btree/extended/bulkLoad.js';
import { Binary, Decimal128, Double, Int32, Long, ObjectId, Timestamp } from 'bson';
import { isOperatorObject, isPlainObject, keyString } from './values';

// sorted-btree is CommonJS with a default export: Node's ESM loader hands over module.exports,
// bundlers and vitest the class itself
const BTree: typeof SortedBTree = (SortedBTree as unknown as { default?: typeof SortedBTree }).default ?? SortedBTree;

type Obj = Record<string, unknown>;
type Entry = [value: unknown, idKey: string];

/** MongoDB's comparison order of BSON types. */
export const enum Rank {
  Null = 1,
  Number = 2,
  String = 3,
  Object = 4,
  Array = 5,
  Binary = 6,
  ObjectId = 7,
  Boolean = 8,
  Date = 9,
  Timestamp = 10,
  RegExp = 11,
  Other = 12,
}

export function rankOf(v: unknown): Rank {
  if (v === null || v === undefined) return Rank.Null;
  switch (typeof v) {
    case 'number':
    case 'bigint':
      return Rank.Number;
    case 'string':
      return Rank.String;
    case 'boolean':
      return Rank.Boolean;
  }
  if (v instanceof Date) return Rank.Date;
  if (v instanceof ObjectId) return Rank.ObjectId;
  if (v instanceof Long || v instanceof Int32 || v instanceof Double || v instanceof Decimal128) return Rank.Number;
  if (v instanceof Timestamp) return Rank.Timestamp;
  if (v instanceof Binary || Buffer.isBuffer(v)) return Rank.Binary;
  if (v instanceof RegExp) return Rank.RegExp;
  if (Array.isArray(v)) return Rank.Array;
  if (isPlainObject(v)) return Rank.Object;
  return Rank.Other;
}

function numberOf(v: unknown): number {
  if (typeof v === 'number') return v;
  if (typeof v === 'bigint') return Number(v);
  if (v instanceof Long) return v.toNumber();
  if (v instanceof Int32 || v instanceof Double) return v.valueOf();
  if (v instanceof Decimal128) return Number.parseFloat(v.toString());
  return Number.NaN;
}

function dateOf(v: Date): number {
  const t = v.getTime();
  return Number.isNaN(t) ? Number.NEGATIVE_INFINITY : t;
}

/** A total order over stored values: by type rank, then within the type. */
export function compareValues(a: unknown, b: unknown): number {
  const ra = rankOf(a);
  const rb = rankOf(b);
  if (ra !== rb) return ra - rb;
  switch (ra) {
    case Rank.Null:
      return 0;
    case Rank.Number: {
      const x = numberOf(a);
      const y = numberOf(b);
      // NaN sorts before every other number, as in MongoDB
      if (Number.isNaN(x) || Number.isNaN(y)) return Number.isNaN(x) ? (Number.isNaN(y) ? 0 : -1) : 1;
      return x < y ? -1 : x > y ? 1 : 0;
    }
    case Rank.String:
      return (a as string) < (b as string) ? -1 : (a as string) > (b as string) ? 1 : 0;
    case Rank.Boolean:
      return Number(a) - Number(b);
    case Rank.Date:
      return Math.sign(dateOf(a as Date) - dateOf(b as Date));
    case Rank.ObjectId: {
      const x = (a as ObjectId).toHexString();
      const y = (b as ObjectId).toHexString();
      return x < y ? -1 : x > y ? 1 : 0;
    }
    default: {
      // objects, arrays and the rarer types: a consistent order; queries never range over them
      const x = keyString(a);
      const y = keyString(b);
      return x < y ? -1 : x > y ? 1 : 0;
    }
  }
}

function compareEntries(a: Entry, b: Entry): number {
  const x = a[0];
  const y = b[0];
  // the common case (time fields), kept cheap: two valid dates
  if (x instanceof Date && y instanceof Date) {
    const d = x.getTime() - y.getTime();
    if (d < 0) return -1;
    if (d > 0) return 1;
    if (d !== 0) return compareValues(x, y) || (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0); // an invalid date
  } else {
    const c = compareValues(x, y);
    if (c !== 0) return c;
  }
  return a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0;
}

/** Entries per tree node (sorted-btree's default). */
const NODE_SIZE = 64;

/** One side of a range. */
export interface Bound {
  value: unknown;
  inclusive: boolean;
}

/** What a plan reads from one index: listed values, or a range within one type. */
export type Bounds = { points: unknown[] } | { rank: Rank; low?: Bound; high?: Bound };

export class OrderedIndex {
  readonly field: string;
  /** Set once any document has more than one value at the field (then two-sided ranges are not used). */
  multikey = false;
  /** How many entries hold a value mingo's sort may order differently from ours (see sortsAlike). */
  private odd = 0;
  private readonly tree: SortedBTree<Entry, undefined>;

  constructor(field: string, docs?: Iterable<[string, Obj]>) {
    this.field = field;
    if (!docs) {
      this.tree = new BTree<Entry, undefined>(undefined, compareEntries, NODE_SIZE);
      return;
    }
    // built in one pass from sorted entries (O(n) after the sort), not entry by entry
    const entries: Entry[] = [];
    for (const [idKey, doc] of docs) for (const v of this.valuesOf(doc)) entries.push([v, idKey]);
    entries.sort(compareEntries);
    const keys: Entry[] = [];
    for (const e of entries) {
      if (keys.length > 0 && compareEntries(keys[keys.length - 1], e) === 0) continue; // [5, 5] in one array
      keys.push(e);
      if (!sortsAlike(e[0])) this.odd++;
    }
    this.tree = bulkLoad<Entry, undefined>(keys, new Array<undefined>(keys.length), NODE_SIZE, compareEntries);
  }

  get size(): number {
    return this.tree.size;
  }

  private valuesOf(doc: Obj): unknown[] {
    const values = indexValues(doc, this.field);
    if (values.length === 0) return [null];
    if (values.length > 1) this.multikey = true;
    return values;
  }

  add(doc: Obj, idKey: string): void {
    for (const v of this.valuesOf(doc)) if (this.tree.set([v, idKey], undefined) && !sortsAlike(v)) this.odd++;
  }

  delete(doc: Obj, idKey: string): void {
    for (const v of this.valuesOf(doc)) if (this.tree.delete([v, idKey]) && !sortsAlike(v)) this.odd--;
  }

  /** Whether walking this index gives mingo's sort order (no multikey entries, no odd values). */
  get sortable(): boolean {
    return !this.multikey && this.odd === 0;
  }

  /**
   * Entries in index order (1 ascending, -1 descending), within a range when one is given:
   * what lets a sorted, limited query stop after the first matches.
   */
  *walk(dir: 1 | -1, range?: Range): Generator<Entry> {
    if (!range) {
      if (dir === 1) yield* this.tree.keys();
      else for (const [k] of this.tree.entriesReversed()) yield k;
      return;
    }
    const { rank, low, high } = range;
    const inside = (v: unknown): -1 | 0 | 1 => {
      const r = rankOf(v);
      if (r !== rank) return r < rank ? -1 : 1;
      if (low) {
        const c = compareValues(v, low.value);
        if (c < 0 || (c === 0 && !low.inclusive)) return -1;
      }
      if (high) {
        const c = compareValues(v, high.value);
        if (c > 0 || (c === 0 && !high.inclusive)) return 1;
      }
      return 0;
    };
    if (dir === 1) {
      for (const [e] of this.tree.entries([low ? low.value : firstOfRank(rank), ''])) {
        const where = inside(e[0]);
        if (where > 0) return;
        if (where === 0) yield e;
      }
    } else {
      // '\uffff' sorts after every _id key, so this starts at the last entry of the upper value
      for (const [e] of this.tree.entriesReversed(high ? [high.value, '\uffff'] : undefined)) {
        const where = inside(e[0]);
        if (where < 0) return;
        if (where === 0) yield e;
      }
    }
  }

  /** The _id keys of the entries within the bounds, in index order (a document may repeat). */
  *scan(bounds: Bounds): Generator<string> {
    if ('points' in bounds) {
      for (const point of bounds.points) {
        for (const [[v, idKey]] of this.tree.entries([point, ''])) {
          if (compareValues(v, point) !== 0) break;
          yield idKey;
        }
      }
      return;
    }
    const { rank, low, high } = bounds;
    if (rank === Rank.Number) {
      // mingo, the engine that runs the filter, lets NaN pass numeric comparisons (MongoDB does
      // not): NaN entries sort first among numbers, so offer them too and let the filter decide
      for (const [[v, idKey]] of this.tree.entries([Number.NaN, ''])) {
        if (!(rankOf(v) === Rank.Number && Number.isNaN(numberOf(v)))) break;
        yield idKey;
      }
    }
    // '' sorts before every _id key, so this starts at the first entry of the lower value
    for (const [[v, idKey]] of this.tree.entries([low ? low.value : firstOfRank(rank), ''])) {
      if (rankOf(v) !== rank) {
        if (rankOf(v) > rank) return;
        continue;
      }
      if (low && !low.inclusive && compareValues(v, low.value) === 0) continue;
      if (high) {
        const c = compareValues(v, high.value);
        if (c > 0 || (c === 0 && !high.inclusive)) return;
      }
      yield idKey;
    }
  }
}

/** The types whose order mingo's sort agrees with ours (null < numbers < strings < booleans < dates). */
export function sortsAlike(v: unknown): boolean {
  if (v === null || v === undefined || typeof v === 'string' || typeof v === 'boolean') return true;
  if (typeof v === 'number') return !Number.isNaN(v);
  return v instanceof Date && !Number.isNaN(v.getTime());
}

/**
 * The values a document is indexed under: those at the path, with arrays met on the way or at
 * the end opened at any depth. That is more than MongoDB offers a query (one level), and at
 * least what mingo, the engine that runs the filter, looks at; extra entries only cost a test.
 */
export function indexValues(doc: unknown, path: string): unknown[] {
  const segs = path.split('.');
  const out: unknown[] = [];
  const walk = (cur: unknown, i: number): void => {
    if (Array.isArray(cur)) {
      if (cur.length === 0 && i === segs.length) out.push(null);
      if (i < segs.length && /^\d+$/.test(segs[i]) && Number(segs[i]) < cur.length) walk(cur[Number(segs[i])], i + 1);
      for (const el of cur) walk(el, i);
      return;
    }
    if (i === segs.length) {
      out.push(cur === undefined ? null : cur);
      return;
    }
    if (!isPlainObject(cur) || !Object.prototype.hasOwnProperty.call(cur, segs[i])) return;
    walk(cur[segs[i]], i + 1);
  };
  walk(doc, 0);
  return out;
}

/** A range on one field, in one type (what {@link boundsOf} gives for $gt/$gte/$lt/$lte). */
export type Range = Extract<Bounds, { rank: Rank }>;

/** The range a filter puts on a field (the narrowest one it finds first), if any. */
export function rangeOn(filter: Obj, field: string, multikey: boolean): Range | undefined {
  for (const [f, cond] of requiredConditions(filter)) {
    if (f !== field) continue;
    const b = boundsOf(cond, multikey);
    if (b && 'rank' in b) return b;
  }
  return undefined;
}

/** The smallest value of a type rank (the scan starts there when there is no lower bound). */
function firstOfRank(rank: Rank): unknown {
  switch (rank) {
    case Rank.Number:
      return Number.NaN;
    case Rank.String:
      return '';
    case Rank.Date:
      return new Date(Number.NaN); // sorts as -Infinity, before every date
    default:
      return null;
  }
}

/** A value an equality can look up exactly. */
function isPointValue(v: unknown): boolean {
  switch (rankOf(v)) {
    case Rank.Number:
      return !Number.isNaN(numberOf(v));
    case Rank.String:
    case Rank.Boolean:
    case Rank.ObjectId:
      return true;
    case Rank.Date:
      return !Number.isNaN((v as Date).getTime());
    default:
      return false;
  }
}

/** A value a range can be bounded by: the types queries range over. */
function isRangeValue(v: unknown): boolean {
  const r = rankOf(v);
  return (r === Rank.Number || r === Rank.String || r === Rank.Date) && isPointValue(v);
}

/**
 * The bounds one field condition allows, or undefined when an index cannot narrow it. Extra
 * operators beside a range ($ne, $exists...) only narrow further, so the range alone is still
 * a superset.
 */
export function boundsOf(cond: unknown, multikey: boolean): Bounds | undefined {
  if (!isOperatorObject(cond)) return isPointValue(cond) ? { points: [cond] } : undefined;
  if ('$eq' in cond && isPointValue(cond.$eq)) return { points: [cond.$eq] };
  if ('$in' in cond && Array.isArray(cond.$in) && cond.$in.length > 0 && cond.$in.every(isPointValue)) {
    // a document found twice (equal points, or several elements of an array) is read once
    return { points: [...(cond.$in as unknown[])] };
  }
  const low = '$gt' in cond ? { value: cond.$gt, inclusive: false } : '$gte' in cond ? { value: cond.$gte, inclusive: true } : undefined;
  const high = '$lt' in cond ? { value: cond.$lt, inclusive: false } : '$lte' in cond ? { value: cond.$lte, inclusive: true } : undefined;
  if ('$gt' in cond && '$gte' in cond) return undefined;
  if ('$lt' in cond && '$lte' in cond) return undefined;
  if (low && !isRangeValue(low.value)) return undefined;
  if (high && !isRangeValue(high.value)) return undefined;
  if (low && high) {
    if (rankOf(low.value) !== rankOf(high.value)) return undefined;
    // an array can meet each bound with a different element
    if (multikey) return undefined;
    return { rank: rankOf(low.value), low, high };
  }
  if (low) return { rank: rankOf(low.value), low };
  if (high) return { rank: rankOf(high.value), high };
  return undefined;
}

/** The field conditions every match must meet: the filter's own fields and those of its $and. */
export function requiredConditions(filter: Obj, out: Array<[string, unknown]> = []): Array<[string, unknown]> {
  for (const [key, cond] of Object.entries(filter)) {
    if (key === '$and' && Array.isArray(cond)) {
      for (const part of cond) if (isPlainObject(part)) requiredConditions(part, out);
    } else if (!key.startsWith('$')) {
      out.push([key, cond]);
    }
  }
  return out;
}

/**
 * Reads the candidates of a filter through the ordered indexes it can use. With several, they
 * race in step (as MongoDB's planner does) and the first to finish wins, so the cost is at most
 * (number of plans) × (the smallest plan). Returns undefined when no index applies.
 */
export function indexedCandidates(filter: Obj, indexFor: (field: string) => OrderedIndex | undefined): string[] | undefined {
  const scans = candidateScans(filter, indexFor);
  if (scans.length === 0) return undefined;
  const found: string[][] = scans.map(() => []);
  for (;;) {
    for (let i = 0; i < scans.length; i++) {
      const next = scans[i].next();
      if (next.done) return [...new Set(found[i])];
      found[i].push(next.value);
    }
  }
}

/** One scan per condition of the filter an ordered index can narrow (see {@link indexedCandidates}). */
export function candidateScans(filter: Obj, indexFor: (field: string) => OrderedIndex | undefined): Iterator<string>[] {
  const scans: Iterator<string>[] = [];
  for (const [field, cond] of requiredConditions(filter)) {
    if (field === '_id') continue; // served by the _id map (commands.candidates)
    const index = indexFor(field);
    if (!index) continue;
    const bounds = boundsOf(cond, index.multikey);
    if (bounds) scans.push(index.scan(bounds));
  }
  return scans;
}
