/**
 * Update operators applied to one document. Implemented here (rather than delegated to
 * mingo's updater) so type errors, $addToSet de-duplication and positional `$` follow
 * MongoDB's behaviour exactly. Input must come from validate.normalizeUpdate().
 */
import { compare } from 'mingo/util';
import { CommandError, ErrorCodes, badValue } from './errors';
import { clone, displayValue, getPathStrict, isPlainObject, keyString } from './values';
import type { NormalizedUpdate } from './validate';
import { compileFilter } from './engine';

type Obj = Record<string, unknown>;

export interface ApplyContext {
  /** The query filter, used to resolve the positional `$` operator. */
  filter: Obj;
  /** True when the update creates a document (upsert): $setOnInsert applies. */
  isInsert: boolean;
}

function typeName(v: unknown): string {
  if (v === null || v === undefined) return 'null';
  if (Array.isArray(v)) return 'array';
  if (v instanceof Date) return 'date';
  if (isPlainObject(v)) return 'object';
  if (typeof v === 'object') return ((v as { _bsontype?: string })._bsontype ?? 'object').toLowerCase();
  return typeof v === 'number' ? (Number.isInteger(v) ? 'int' : 'double') : typeof v;
}

function idOf(doc: Obj): string {
  return `{_id: ${displayValue(doc._id)}}`;
}

/** Applies an update and returns the new document (the input is not modified). */
export function applyUpdate(original: Obj, update: NormalizedUpdate, ctx: ApplyContext): Obj {
  if (update.kind === 'replacement') {
    const repl = clone(update.doc);
    if ('_id' in repl && '_id' in original && keyString(repl._id) !== keyString(original._id)) {
      throw new CommandError(ErrorCodes.ImmutableField, "After applying the update, the (immutable) field '_id' was found to have been altered to _id: " + displayValue(repl._id));
    }
    const { _id: _ignored, ...rest } = repl;
    void _ignored;
    return '_id' in original ? { _id: original._id, ...rest } : repl;
  }
  const doc = clone(original);
  const ops = update.ops;
  for (const op of Object.keys(ops)) {
    if (op === '$setOnInsert' && !ctx.isInsert) continue;
    const spec = ops[op];
    for (const rawPath of Object.keys(spec)) {
      const segs = resolvePositional(doc, rawPath, ctx);
      applyOperator(doc, op, segs, spec[rawPath], rawPath);
    }
  }
  if ('_id' in original && keyString(doc._id) !== keyString(original._id)) {
    throw new CommandError(ErrorCodes.ImmutableField, "Performing an update on the path '_id' would modify the immutable field '_id'");
  }
  return doc;
}

function applyOperator(doc: Obj, op: string, segs: string[], arg: unknown, path: string): void {
  switch (op) {
    case '$set':
    case '$setOnInsert':
      setPath(doc, segs, clone(arg));
      return;
    case '$unset':
      unsetPath(doc, segs);
      return;
    case '$inc':
    case '$mul': {
      const cur = getAt(doc, segs);
      const n = arg as number;
      if (cur === undefined) {
        setPath(doc, segs, op === '$inc' ? n : 0);
        return;
      }
      if (typeof cur !== 'number') {
        throw new CommandError(ErrorCodes.TypeMismatch, `Cannot apply ${op} to a value of non-numeric type. ${idOf(doc)} has the field '${segs[segs.length - 1]}' of non-numeric type ${typeName(cur)}`);
      }
      setPath(doc, segs, op === '$inc' ? cur + n : cur * n);
      return;
    }
    case '$min':
    case '$max': {
      const cur = getAt(doc, segs);
      if (cur === undefined) {
        setPath(doc, segs, clone(arg));
        return;
      }
      const c = compare(arg, cur);
      if ((op === '$min' && c < 0) || (op === '$max' && c > 0)) setPath(doc, segs, clone(arg));
      return;
    }
    case '$push':
    case '$addToSet': {
      const arr = arrayAt(doc, segs, op, path, true)!;
      const spec = arg as { $each: unknown[]; $position?: number; $slice?: number; $sort?: unknown };
      if (op === '$addToSet') {
        const seen = new Set(arr.map(keyString));
        for (const v of spec.$each) {
          const k = keyString(v);
          if (!seen.has(k)) {
            seen.add(k);
            arr.push(clone(v));
          }
        }
        return;
      }
      const items = spec.$each.map((v) => clone(v));
      let pos = spec.$position ?? arr.length;
      if (pos < 0) pos = Math.max(0, arr.length + pos);
      arr.splice(Math.min(pos, arr.length), 0, ...items);
      if (spec.$sort !== undefined) sortArray(arr, spec.$sort);
      if (spec.$slice !== undefined) {
        const s = spec.$slice;
        const kept = s >= 0 ? arr.slice(0, s) : arr.slice(Math.max(0, arr.length + s));
        arr.length = 0;
        arr.push(...kept);
      }
      return;
    }
    case '$pull': {
      const arr = arrayAt(doc, segs, op, path, false);
      if (!arr) return;
      const matches = pullMatcher(arg);
      const kept = arr.filter((el) => !matches(el));
      arr.length = 0;
      arr.push(...kept);
      return;
    }
    case '$pullAll': {
      const arr = arrayAt(doc, segs, op, path, false);
      if (!arr) return;
      const remove = new Set((arg as unknown[]).map(keyString));
      const kept = arr.filter((el) => !remove.has(keyString(el)));
      arr.length = 0;
      arr.push(...kept);
      return;
    }
    case '$pop': {
      const arr = arrayAt(doc, segs, op, path, false);
      if (!arr || arr.length === 0) return;
      if (arg === 1) arr.pop();
      else arr.shift();
      return;
    }
    case '$rename': {
      const value = getAt(doc, segs);
      if (value === undefined) return;
      unsetPath(doc, segs);
      setPath(doc, (arg as string).split('.'), value);
      return;
    }
  }
  throw badValue(`Unsupported update operator ${op}`);
}

function sortArray(arr: unknown[], spec: unknown): void {
  if (spec === 1 || spec === -1) {
    arr.sort((a, b) => compare(a, b) * (spec as number));
    return;
  }
  const s = spec as Record<string, 1 | -1>;
  const keys = Object.keys(s);
  arr.sort((a, b) => {
    for (const k of keys) {
      const c = compare(getPathStrict(a, k), getPathStrict(b, k));
      if (c !== 0) return c * s[k];
    }
    return 0;
  });
}

function pullMatcher(cond: unknown): (el: unknown) => boolean {
  if (cond instanceof RegExp) return (el) => typeof el === 'string' && cond.test(el);
  if (isPlainObject(cond)) {
    const keys = Object.keys(cond);
    if (keys.length > 0 && keys[0].startsWith('$') && !['$and', '$or', '$nor'].includes(keys[0])) {
      const test = compileFilter({ v: cond });
      return (el) => test({ v: el });
    }
    const test = compileFilter(cond);
    return (el) => isPlainObject(el) && test(el);
  }
  const k = keyString(cond);
  return (el) => keyString(el) === k;
}

// ---------------------------------------------------------------------------
// Paths
// ---------------------------------------------------------------------------

function getAt(doc: Obj, segs: string[]): unknown {
  return getPathStrict(doc, segs.join('.'));
}

function arrayAt(doc: Obj, segs: string[], op: string, path: string, create: boolean): unknown[] | undefined {
  const cur = getAt(doc, segs);
  if (cur === undefined) {
    if (!create) return undefined;
    const arr: unknown[] = [];
    setPath(doc, segs, arr);
    return arr;
  }
  if (!Array.isArray(cur)) {
    if (op === '$pull' || op === '$pullAll' || op === '$pop') {
      throw new CommandError(ErrorCodes.BadValue, `Cannot apply ${op} to a non-array value`);
    }
    throw new CommandError(ErrorCodes.TypeMismatch, `The field '${path}' must be an array but is of type ${typeName(cur)} in document ${idOf(doc)}`);
  }
  return cur;
}

function setPath(doc: Obj, segs: string[], value: unknown): void {
  let cur: unknown = doc;
  for (let i = 0; i < segs.length; i++) {
    const seg = segs[i];
    const last = i === segs.length - 1;
    if (Array.isArray(cur)) {
      if (!/^\d+$/.test(seg)) {
        throw new CommandError(ErrorCodes.PathNotViable, `Cannot create field '${seg}' in element {${segs.slice(0, i).join('.')}: ${displayValue(cur)}}`);
      }
      const idx = Number(seg);
      while (cur.length < idx) cur.push(null);
      if (last) {
        cur[idx] = value;
        return;
      }
      if (cur[idx] === undefined || cur[idx] === null) cur[idx] = {};
      cur = cur[idx];
    } else if (isPlainObject(cur)) {
      if (last) {
        cur[seg] = value;
        return;
      }
      if (cur[seg] === undefined || cur[seg] === null) cur[seg] = {};
      cur = cur[seg];
    } else {
      throw new CommandError(ErrorCodes.PathNotViable, `Cannot create field '${seg}' in element {${segs.slice(0, i).join('.')}: ${displayValue(cur)}}`);
    }
  }
}

function unsetPath(doc: Obj, segs: string[]): void {
  let cur: unknown = doc;
  for (let i = 0; i < segs.length; i++) {
    const seg = segs[i];
    const last = i === segs.length - 1;
    if (Array.isArray(cur)) {
      if (!/^\d+$/.test(seg)) return;
      const idx = Number(seg);
      if (idx >= cur.length) return;
      if (last) {
        cur[idx] = null; // like MongoDB: $unset of an array element leaves null
        return;
      }
      cur = cur[idx];
    } else if (isPlainObject(cur)) {
      if (!Object.prototype.hasOwnProperty.call(cur, seg)) return;
      if (last) {
        delete cur[seg];
        return;
      }
      cur = cur[seg];
    } else {
      return;
    }
  }
}

// ---------------------------------------------------------------------------
// Positional operator
// ---------------------------------------------------------------------------

function resolvePositional(doc: Obj, path: string, ctx: ApplyContext): string[] {
  const segs = path.split('.');
  const pos = segs.indexOf('$');
  if (pos === -1) return segs;
  if (segs.indexOf('$', pos + 1) !== -1) throw badValue(`Too many positional (i.e. '$') elements found in path '${path}'`);
  if (ctx.isInsert) {
    throw badValue(`The positional operator did not find the match needed from the query.`);
  }
  const arrayPath = segs.slice(0, pos).join('.');
  const idx = positionalIndex(doc, arrayPath, ctx.filter);
  if (idx === -1) throw badValue('The positional operator did not find the match needed from the query.');
  const out = segs.slice();
  out[pos] = String(idx);
  return out;
}

function collectConditions(filter: Obj, arrayPath: string, out: Array<(el: unknown) => boolean>): void {
  for (const key of Object.keys(filter)) {
    const cond = filter[key];
    if (key === '$and' && Array.isArray(cond)) {
      for (const sub of cond) collectConditions(sub as Obj, arrayPath, out);
      continue;
    }
    if (key === arrayPath) {
      if (isPlainObject(cond) && '$elemMatch' in cond) {
        const em = cond.$elemMatch as Obj;
        const keys = Object.keys(em);
        const scalar = keys.length > 0 && keys[0].startsWith('$') && !['$and', '$or', '$nor'].includes(keys[0]);
        const test = compileFilter(scalar ? { v: em } : em);
        out.push(scalar ? (el) => test({ v: el }) : (el) => isPlainObject(el) && test(el));
      } else {
        const test = compileFilter({ v: cond });
        out.push((el) => test({ v: el }));
      }
    } else if (key.startsWith(arrayPath + '.')) {
      const rest = key.slice(arrayPath.length + 1);
      const test = compileFilter({ [rest]: cond });
      out.push((el) => isPlainObject(el) && test(el));
    }
  }
}

function positionalIndex(doc: Obj, arrayPath: string, filter: Obj): number {
  const arr = getPathStrict(doc, arrayPath);
  if (!Array.isArray(arr)) return -1;
  const conds: Array<(el: unknown) => boolean> = [];
  collectConditions(filter, arrayPath, conds);
  if (conds.length === 0) return -1;
  return arr.findIndex((el) => conds.every((c) => c(el)));
}

// ---------------------------------------------------------------------------
// Upserts
// ---------------------------------------------------------------------------

/** The equality part of a filter, used as the seed of an upserted document. */
export function upsertSeed(filter: Obj): Obj {
  const seed: Obj = {};
  const visit = (f: Obj): void => {
    for (const key of Object.keys(f)) {
      const v = f[key];
      if (key === '$and' && Array.isArray(v)) {
        for (const sub of v) visit(sub as Obj);
        continue;
      }
      if (key.startsWith('$')) continue;
      if (v instanceof RegExp) continue;
      if (isPlainObject(v)) {
        const keys = Object.keys(v);
        if (keys.length > 0 && keys[0].startsWith('$')) {
          if ('$eq' in v && !(v.$eq instanceof RegExp)) setPath(seed, key.split('.'), clone(v.$eq));
          else if ('$eqBson' in v) setPath(seed, key.split('.'), clone(v.$eqBson));
          continue;
        }
      }
      setPath(seed, key.split('.'), clone(v));
    }
  };
  visit(filter);
  return seed;
}
