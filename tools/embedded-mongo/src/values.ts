import { Binary, ObjectId, Long, Timestamp, BSONRegExp, type Document } from 'bson';

export type Doc = Document;

export function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (v === null || typeof v !== 'object') return false;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

/** Deep clone of a BSON-ish value. Immutable BSON value classes (ObjectId, Long...) are shared. */
export function clone<T>(v: T): T {
  if (v === null || typeof v !== 'object') return v;
  if (Array.isArray(v)) return v.map((x) => clone(x)) as T;
  if (v instanceof Date) return new Date(v.getTime()) as T;
  if (v instanceof RegExp) return new RegExp(v.source, v.flags) as T;
  if (v instanceof Binary) return new Binary(Buffer.from(v.buffer), v.sub_type) as T;
  if (Buffer.isBuffer(v)) return Buffer.from(v) as T;
  if (isPlainObject(v)) {
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(v)) out[k] = clone((v as Record<string, unknown>)[k]);
    return out as T;
  }
  return v;
}

/**
 * Canonical string for a value, used for unique-index keys and for detecting
 * whether an update changed a document. Numbers compare by numeric value (1 == 1.0,
 * like MongoDB), objects by ordered keys.
 */
export function keyString(v: unknown): string {
  if (v === undefined || v === null) return 'N';
  switch (typeof v) {
    case 'number':
      return 'n' + (Object.is(v, -0) ? 0 : v);
    case 'bigint':
      return 'n' + v.toString();
    case 'string':
      return 's' + JSON.stringify(v);
    case 'boolean':
      return v ? 'T' : 'F';
  }
  if (Array.isArray(v)) return '[' + v.map(keyString).join(',') + ']';
  if (v instanceof Date) return 'd' + v.getTime();
  if (v instanceof ObjectId) return 'o' + v.toHexString();
  if (v instanceof Long) return 'n' + v.toString();
  if (v instanceof RegExp) return 'r/' + v.source + '/' + v.flags;
  if (v instanceof BSONRegExp) return 'r/' + v.pattern + '/' + v.options;
  if (v instanceof Timestamp) return 't' + v.toString();
  if (v instanceof Binary) return 'b' + v.sub_type + ':' + Buffer.from(v.buffer).toString('base64');
  if (isPlainObject(v)) {
    return '{' + Object.keys(v).map((k) => JSON.stringify(k) + ':' + keyString(v[k])).join(',') + '}';
  }
  const bsontype = (v as { _bsontype?: string })._bsontype;
  if (bsontype) return 'x' + bsontype + ':' + String(v);
  return 'x' + String(v);
}

/** Renders a value the way mongod prints it in error messages (shell-ish syntax). */
export function displayValue(v: unknown): string {
  if (v === undefined || v === null) return 'null';
  if (typeof v === 'string') return JSON.stringify(v);
  if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint') return String(v);
  if (v instanceof ObjectId) return `ObjectId('${v.toHexString()}')`;
  if (v instanceof Date) return `new Date(${v.getTime()})`;
  if (Array.isArray(v)) return '[ ' + v.map(displayValue).join(', ') + ' ]';
  if (isPlainObject(v)) {
    const keys = Object.keys(v);
    if (keys.length === 0) return '{}';
    return '{ ' + keys.map((k) => `${k}: ${displayValue(v[k])}`).join(', ') + ' }';
  }
  return String(v);
}

/** Value at a dotted path, without array traversal except numeric segments. `undefined` when missing. */
export function getPathStrict(doc: unknown, path: string): unknown {
  let cur: unknown = doc;
  for (const seg of path.split('.')) {
    if (cur === null || typeof cur !== 'object') return undefined;
    if (Array.isArray(cur)) {
      if (!/^\d+$/.test(seg)) return undefined;
      cur = cur[Number(seg)];
    } else if (isPlainObject(cur)) {
      if (!Object.prototype.hasOwnProperty.call(cur, seg)) return undefined;
      cur = cur[seg];
    } else {
      return undefined;
    }
  }
  return cur;
}

/**
 * Values at a dotted path with MongoDB multikey semantics: arrays met on the way are
 * traversed, and an array at the end yields each element. Returns [] when the path is missing.
 */
export function getPathValues(doc: unknown, path: string): unknown[] {
  const segs = path.split('.');
  const out: unknown[] = [];
  const walk = (cur: unknown, i: number): void => {
    if (i === segs.length) {
      if (Array.isArray(cur)) {
        if (cur.length === 0) out.push(undefined);
        else for (const x of cur) out.push(x);
      } else out.push(cur);
      return;
    }
    if (cur === null || typeof cur !== 'object') return;
    const seg = segs[i];
    if (Array.isArray(cur)) {
      if (/^\d+$/.test(seg)) {
        const idx = Number(seg);
        if (idx < cur.length) walk(cur[idx], i + 1);
        return;
      }
      for (const el of cur) if (isPlainObject(el)) walk(el, i);
      return;
    }
    if (!isPlainObject(cur)) return;
    if (!Object.prototype.hasOwnProperty.call(cur, seg)) return;
    walk(cur[seg], i + 1);
  };
  walk(doc, 0);
  return out;
}

export function hasPath(doc: unknown, path: string): boolean {
  return getPathValues(doc, path).length > 0;
}

export function isOperatorObject(v: unknown): v is Record<string, unknown> {
  if (!isPlainObject(v)) return false;
  const keys = Object.keys(v);
  return keys.length > 0 && keys[0].startsWith('$');
}
