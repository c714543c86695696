/**
 * Thin wrapper around mingo, the query engine. Every input reaching these functions has
 * already been checked by validate.ts; mingo is configured with scripts disabled.
 */
import { Context, ProcessingMode } from 'mingo';
import { Aggregator } from 'mingo/aggregator';
import { Lazy, type Iterator as LazyIterator } from 'mingo/lazy';
import * as accumulatorOperators from 'mingo/operators/accumulator';
import * as expressionOperators from 'mingo/operators/expression';
import * as pipelineOperators from 'mingo/operators/pipeline';
import * as projectionOperators from 'mingo/operators/projection';
import * as queryOperators from 'mingo/operators/query';
import * as windowOperators from 'mingo/operators/window';
import { Query } from 'mingo/query';
import type { Options } from 'mingo/types';
import { compare } from 'mingo/util';
import { getPathValues, isPlainObject, keyString } from './values';

type Obj = Record<string, unknown>;

/**
 * Values a query condition on `path` is compared with, MongoDB style: arrays met on the way
 * are traversed, and an array at the end is offered both whole and element by element.
 */
function queryCandidates(doc: unknown, path: string): unknown[] {
  const segs = path.split('.');
  const out: unknown[] = [];
  const walk = (cur: unknown, i: number): void => {
    if (i === segs.length) {
      out.push(cur);
      if (Array.isArray(cur)) out.push(...cur);
      return;
    }
    const seg = segs[i];
    if (Array.isArray(cur)) {
      if (/^\d+$/.test(seg) && Number(seg) < cur.length) walk(cur[Number(seg)], i + 1);
      for (const el of cur) if (isPlainObject(el)) walk(el, i);
      return;
    }
    if (!isPlainObject(cur) || !Object.prototype.hasOwnProperty.call(cur, seg)) return;
    walk(cur[seg], i + 1);
  };
  walk(doc, 0);
  return out;
}

/**
 * Exact (field-order sensitive) equality for subdocuments, as in MongoDB. mingo compares
 * objects ignoring key order, so validate.ts rewrites equality on values containing
 * subdocuments into these operators.
 */
const bsonQueryOps = {
  $eqBson: (selector: string, value: unknown) => {
    const k = keyString(value);
    return (obj: Obj) => queryCandidates(obj, selector).some((c) => keyString(c) === k);
  },
  $inBson: (selector: string, value: unknown) => {
    const list = value as unknown[];
    const keys = new Set(list.filter((v) => !(v instanceof RegExp)).map(keyString));
    const regexes = list.filter((v): v is RegExp => v instanceof RegExp);
    const matchesNull = list.some((v) => v === null);
    return (obj: Obj) => {
      const cands = queryCandidates(obj, selector);
      if (matchesNull && cands.length === 0) return true;
      return cands.some((c) => keys.has(keyString(c)) || (typeof c === 'string' && regexes.some((r) => r.test(c))));
    };
  },
  $allBson: (selector: string, value: unknown) => {
    const keys = (value as unknown[]).map(keyString);
    return (obj: Obj) => {
      const have = new Set(queryCandidates(obj, selector).map(keyString));
      return keys.length > 0 && keys.every((k) => have.has(k));
    };
  },
};

/**
 * $sort with MongoDB semantics (arrays sort by their smallest/largest element, missing
 * equals null) and stability; shared by find and the aggregation pipeline.
 */
const pipelineOps = {
  $sort: (coll: LazyIterator, spec: Record<string, 1 | -1>) =>
    coll.transform((docs: unknown[]) => Lazy(sortDocs(docs as Obj[], spec))),
};

/**
 * mingo's operator set with our $sort and exact-equality operators. Built by hand because
 * mingo's default-context wrappers give built-in operators precedence over custom ones.
 */
const CONTEXT = Context.init({
  accumulator: accumulatorOperators,
  expression: expressionOperators,
  pipeline: { ...pipelineOperators, ...pipelineOps } as never,
  projection: projectionOperators,
  query: { ...queryOperators, ...bsonQueryOps } as never,
  window: windowOperators,
});

export function mingoOptions(collectionResolver?: (name: string) => Obj[]): Partial<Options> {
  return {
    idKey: '_id',
    scriptEnabled: false,
    useStrictMode: true,
    processingMode: ProcessingMode.CLONE_OFF,
    context: CONTEXT,
    ...(collectionResolver ? { collectionResolver } : {}),
  };
}

export type Matcher = (doc: Obj) => boolean;

/** Compiles a validated filter (see validate.normalizeFilter). */
export function compileFilter(filter: Obj): Matcher {
  if (Object.keys(filter).length === 0) return () => true;
  const q = new Query(filter, mingoOptions());
  return (doc) => q.test(doc);
}

/**
 * MongoDB sort key for one field: for arrays, the smallest element when ascending and the
 * largest when descending; missing sorts like null.
 */
function sortKey(doc: Obj, path: string, dir: 1 | -1): unknown {
  const values = getPathValues(doc, path);
  if (values.length === 0) return null;
  let best: unknown = values[0] === undefined ? null : values[0];
  for (let i = 1; i < values.length; i++) {
    const v = values[i] === undefined ? null : values[i];
    const c = compare(v, best);
    if ((dir === 1 && c < 0) || (dir === -1 && c > 0)) best = v;
  }
  return best;
}

/** Stable sort by a validated spec (callers add the `_id` tie-breaker). Returns a new array. */
export function sortDocs(docs: Obj[], spec: Record<string, 1 | -1>): Obj[] {
  const keys = Object.keys(spec);
  const decorated = docs.map((doc, i) => ({ doc, i, k: keys.map((p) => sortKey(doc, p, spec[p])) }));
  decorated.sort((a, b) => {
    for (let j = 0; j < keys.length; j++) {
      const c = compare(a.k[j], b.k[j]);
      if (c !== 0) return c * spec[keys[j]];
    }
    return a.i - b.i;
  });
  return decorated.map((d) => d.doc);
}

/** Applies a find-style projection (validated). `filter` resolves positional projections. */
export function projectDocs(docs: Obj[], projection: Obj, filter: Obj): Obj[] {
  const q = new Query(filter, mingoOptions());
  return q.find(docs, projection).all() as Obj[];
}

export function runPipeline(docs: Obj[], pipeline: Obj[], resolver: (name: string) => Obj[]): Obj[] {
  const agg = new Aggregator(pipeline, mingoOptions(resolver));
  return agg.run(docs) as Obj[];
}
