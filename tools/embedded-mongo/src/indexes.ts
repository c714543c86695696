/**
 * Index definitions and unique-key extraction. Only unique indexes are materialised (as
 * key → _id maps, see store.ts); other indexes are kept as metadata so listIndexes and
 * mongoose's syncIndexes behave, and TTL indexes drive the expiry sweeper.
 */
import { Long } from 'bson';
import { CommandError, ErrorCodes, badValue, unsupported } from './errors';
import { compileFilter, type Matcher } from './engine';
import { normalizeFilter } from './validate';
import { clone, displayValue, getPathValues, isPlainObject, keyString } from './values';

type Obj = Record<string, unknown>;

export interface IndexDef {
  name: string;
  key: Record<string, 1 | -1>;
  unique?: boolean;
  sparse?: boolean;
  partialFilterExpression?: Obj;
  expireAfterSeconds?: number;
}

export const ID_INDEX: IndexDef = { name: '_id_', key: { _id: 1 } };

const IGNORED_OPTIONS = new Set(['v', 'background', 'ns', 'hidden', 'dropDups']);

function toNumber(v: unknown): number {
  if (typeof v === 'number') return v;
  if (v instanceof Long) return v.toNumber();
  return NaN;
}

/** Validates one entry of createIndexes.indexes. */
export function normalizeIndexSpec(spec: unknown): IndexDef {
  if (!isPlainObject(spec)) throw badValue('index specification must be an object');
  if (!isPlainObject(spec.key) || Object.keys(spec.key).length === 0) {
    throw new CommandError(ErrorCodes.FailedToParse, "The 'key' field must be a non-empty object");
  }
  const key: Record<string, 1 | -1> = {};
  for (const field of Object.keys(spec.key)) {
    const dir = spec.key[field];
    const n = toNumber(dir);
    if (typeof dir === 'string') throw unsupported(`index type '${dir}'`, `in embedded store (field ${field})`);
    if (n !== 1 && n !== -1) throw badValue(`Values in the index key pattern must be 1 or -1: ${field}`);
    if (field.startsWith('$')) throw badValue(`Index key field names may not start with '$': ${field}`);
    key[field] = n;
  }
  if (typeof spec.name !== 'string' || !spec.name) throw badValue("index specification must have a 'name' string");
  const def: IndexDef = { name: spec.name, key };
  for (const opt of Object.keys(spec)) {
    if (opt === 'key' || opt === 'name' || IGNORED_OPTIONS.has(opt)) continue;
    switch (opt) {
      case 'unique':
        if (spec.unique) def.unique = true;
        break;
      case 'sparse':
        if (spec.sparse) def.sparse = true;
        break;
      case 'partialFilterExpression':
        // validated now; kept as sent so listIndexes reports it unchanged
        normalizeFilter(spec.partialFilterExpression, 'partialFilterExpression');
        def.partialFilterExpression = clone(spec.partialFilterExpression as Obj);
        break;
      case 'expireAfterSeconds': {
        const n = toNumber(spec.expireAfterSeconds);
        if (!Number.isFinite(n) || n < 0) throw badValue('expireAfterSeconds must be a non-negative number');
        if (Object.keys(key).length !== 1) throw badValue('TTL indexes are single-field indexes, compound indexes do not support TTL');
        def.expireAfterSeconds = n;
        break;
      }
      default:
        throw unsupported(`index option '${opt}'`);
    }
  }
  if (def.sparse && def.partialFilterExpression) {
    throw badValue('cannot mix "partialFilterExpression" and "sparse" options');
  }
  if (def.name === '_id_' && (Object.keys(key).join() !== '_id' || def.unique === false)) {
    throw badValue('The index name _id_ is reserved for the _id index');
  }
  return def;
}

export function sameIndexOptions(a: IndexDef, b: IndexDef): boolean {
  return keyString(a.key) === keyString(b.key)
    && !!a.unique === !!b.unique
    && !!a.sparse === !!b.sparse
    && keyString(a.partialFilterExpression ?? null) === keyString(b.partialFilterExpression ?? null)
    && (a.expireAfterSeconds ?? -1) === (b.expireAfterSeconds ?? -1);
}

/** Index definition as listIndexes reports it. */
export function describeIndex(def: IndexDef): Obj {
  const out: Obj = { v: 2, key: { ...def.key }, name: def.name };
  if (def.unique) out.unique = true;
  if (def.sparse) out.sparse = true;
  if (def.partialFilterExpression) out.partialFilterExpression = def.partialFilterExpression;
  if (def.expireAfterSeconds !== undefined) out.expireAfterSeconds = def.expireAfterSeconds;
  return out;
}

export interface IndexKey {
  /** canonical key (for the unique map) */
  key: string;
  /** the values per key field, for keyValue in E11000 errors */
  values: unknown[];
}

/** A unique index ready for enforcement. */
export class UniqueIndex {
  readonly def: IndexDef;
  readonly fields: string[];
  private readonly partial?: Matcher;
  /** canonical key → _id key of the document holding it */
  readonly entries = new Map<string, string>();

  constructor(def: IndexDef) {
    this.def = def;
    this.fields = Object.keys(def.key);
    if (def.partialFilterExpression) {
      this.partial = compileFilter(normalizeFilter(def.partialFilterExpression, 'partialFilterExpression'));
    }
  }

  /** Keys a document contributes, or [] when the document is not in the index. */
  keysFor(doc: Obj): IndexKey[] {
    if (this.partial && !this.partial(doc)) return [];
    const perField = this.fields.map((f) => getPathValues(doc, f));
    if (this.def.sparse && perField.every((vals) => vals.length === 0)) return [];
    // A missing field is indexed as null.
    const choices = perField.map((vals) => (vals.length === 0 ? [null] : vals));
    const out: IndexKey[] = [];
    const seen = new Set<string>();
    const walk = (i: number, acc: unknown[]): void => {
      if (i === choices.length) {
        const key = acc.map(keyString).join('|');
        if (!seen.has(key)) {
          seen.add(key);
          out.push({ key, values: acc.slice() });
        }
        return;
      }
      for (const v of choices[i]) walk(i + 1, [...acc, v === undefined ? null : v]);
    };
    walk(0, []);
    return out;
  }

  duplicateError(ns: string, k: IndexKey): CommandError {
    const keyValue: Obj = {};
    this.fields.forEach((f, i) => { keyValue[f] = k.values[i]; });
    const shown = '{ ' + this.fields.map((f, i) => `${f}: ${displayValue(k.values[i])}`).join(', ') + ' }';
    return new CommandError(
      ErrorCodes.DuplicateKey,
      `E11000 duplicate key error collection: ${ns} index: ${this.def.name} dup key: ${shown}`,
      { keyPattern: { ...this.def.key }, keyValue },
    );
  }
}
