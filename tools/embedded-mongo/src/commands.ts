/**
 * Command handlers. Each handler runs synchronously from parsing to reply, so a command
 * observes and changes the store atomically with respect to every other command.
 */
import { Long } from 'bson';
import { CommandError, ErrorCodes, badValue, toCommandError, unsupported } from './errors';
import { CursorRegistry } from './cursors';
import { compileFilter, projectDocs, runPipeline, sortDocs } from './engine';
import { describeIndex, normalizeIndexSpec, type IndexDef } from './indexes';
import { candidateScans, compareValues, indexedCandidates, rangeOn } from './ordered-index';
import { Collection, Store, checkCollectionName, checkDbName } from './store';
import { applyUpdate, upsertSeed } from './update';
import {
  normalizeDocument,
  normalizeFilter,
  normalizePipeline,
  normalizeProjection,
  normalizeSort,
  normalizeUpdate,
  rejectUnsupportedOptions,
  withIdTieBreaker,
  type NormalizedUpdate,
} from './validate';
import { clone, isOperatorObject, isPlainObject, keyString } from './values';

type Obj = Record<string, unknown>;

export const SERVER_VERSION = '7.0.0';
export const MAX_BSON_OBJECT_SIZE = 16 * 1024 * 1024;
export const MAX_MESSAGE_SIZE_BYTES = 48_000_000;
export const MAX_WRITE_BATCH_SIZE = 100_000;
export const MAX_WIRE_VERSION = 21;

export interface CommandContext {
  store: Store;
  cursors: CursorRegistry;
  /** Called after any command that changed data or indexes. */
  onWrite: () => void;
  connectionId: number;
}

type Handler = (cmd: Obj, db: string, ctx: CommandContext) => Obj;

// ---------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------

function int(v: unknown, name: string, dflt?: number): number | undefined {
  if (v === undefined || v === null) return dflt;
  const n = typeof v === 'number' ? v : v instanceof Long ? v.toNumber() : NaN;
  if (!Number.isInteger(n)) throw new CommandError(ErrorCodes.TypeMismatch, `'${name}' must be an integer, got ${String(v)}`);
  return n;
}

function nonNegative(v: unknown, name: string): number | undefined {
  const n = int(v, name);
  if (n !== undefined && n < 0) throw badValue(`'${name}' must be non-negative, got ${n}`);
  return n;
}

function collectionArg(cmd: Obj, name: string): string {
  const v = cmd[name];
  if (typeof v !== 'string') {
    throw new CommandError(ErrorCodes.InvalidNamespace, `collection name has invalid type ${typeof v}`);
  }
  return checkCollectionName(v);
}

/**
 * Candidate documents for a filter (a superset of its matches): the _id index for equality/$in
 * on _id, else the ordered indexes of the fields it constrains, else the whole collection.
 */
function candidates(coll: Collection, filter: Obj): Obj[] {
  const id = filter._id;
  if (id !== undefined && !(id instanceof RegExp)) {
    if (!isOperatorObject(id)) {
      const d = coll.getById(id);
      return d ? [d] : [];
    }
    const keys = Object.keys(id);
    if (keys.length === 1 && keys[0] === '$eq' && !(id.$eq instanceof RegExp) && !isOperatorObject(id.$eq)) {
      const d = coll.getById(id.$eq);
      return d ? [d] : [];
    }
    if (keys.length === 1 && keys[0] === '$in' && Array.isArray(id.$in)
      && id.$in.every((v) => !(v instanceof RegExp) && !isPlainObject(v) && !Array.isArray(v))) {
      const seen = new Set<string>();
      const out: Obj[] = [];
      for (const v of id.$in) {
        const d = coll.getById(v);
        const k = keyString(v);
        if (d && !seen.has(k)) {
          seen.add(k);
          out.push(d);
        }
      }
      // like an _id index scan: ascending _id order
      return out.length > 1 ? sortDocs(out, { _id: 1 }) : out;
    }
  }
  const keys = indexedCandidates(filter, (field) => coll.orderedIndex(field));
  return keys ? docsOf(coll, keys) : [...coll.docs.values()];
}

function matchDocs(coll: Collection | undefined, filter: Obj, sort?: Record<string, 1 | -1>, max?: number): Obj[] {
  if (!coll) return [];
  const test = compileFilter(filter);
  let keys: string[] | undefined;
  if (sort && max !== undefined && max > 0) {
    const top = topByIndex(coll, filter, sort, max, test);
    if (top && 'docs' in top) return top.docs;
    keys = top?.keys;
  }
  const out: Obj[] = [];
  for (const d of keys ? docsOf(coll, keys) : candidates(coll, filter)) {
    if (test(d)) {
      out.push(d);
      if (!sort && max !== undefined && out.length >= max) break;
    }
  }
  if (!sort) return out;
  const sorted = sortDocs(out, withIdTieBreaker(sort));
  return max !== undefined ? sorted.slice(0, max) : sorted;
}

function docsOf(coll: Collection, keys: string[]): Obj[] {
  const out: Obj[] = [];
  for (const k of keys) {
    const d = coll.docs.get(k);
    if (d) out.push(d);
  }
  return out;
}

/**
 * A sorted, limited query whose first sort field leads a declared index: walk that index in the
 * sort's direction and stop once `max` matches (and every tie with the last of them) are found,
 * instead of reading and sorting every match. It races the filter's own index scans, as mongod's
 * planner races a sort-providing plan against selective ones: if one of those finishes first, its
 * keys are returned and read the ordinary way. Undefined when no index serves the sort, or when
 * the index holds arrays or values whose order mingo's sort might not share (then the ordinary way decides).
 */
function topByIndex(coll: Collection, filter: Obj, sort: Record<string, 1 | -1>, max: number, test: (d: Obj) => boolean): { docs: Obj[] } | { keys: string[] } | undefined {
  const [field, dir] = Object.entries(sort)[0];
  if (field === '_id' || filter._id !== undefined) return undefined;
  const index = coll.orderedIndex(field);
  if (!index?.sortable) return undefined;
  const walk = index.walk(dir, rangeOn(filter, field, false));
  const scans = candidateScans(filter, (f) => coll.orderedIndex(f));
  const found: string[][] = scans.map(() => []);
  const matches: Obj[] = [];
  let tie: { value: unknown } | undefined;
  const done = () => ({ docs: sortDocs(matches, withIdTieBreaker(sort)).slice(0, max) });
  for (;;) {
    const next = walk.next();
    if (next.done) return done();
    const [value, idKey] = next.value;
    if (tie && compareValues(value, tie.value) !== 0) return done();
    const doc = coll.docs.get(idKey);
    if (doc && test(doc)) {
      matches.push(doc);
      if (matches.length === max) tie = { value };
    }
    for (let i = 0; i < scans.length; i++) {
      const step = scans[i].next();
      if (step.done) return { keys: [...new Set(found[i])] };
      found[i].push(step.value);
    }
  }
}

function writeError(index: number, err: unknown): Obj {
  const e = toCommandError(err);
  return { index, code: e.code, errmsg: e.message, ...e.extra };
}

function cursorReply(ns: string, batch: Obj[], id: Long, key: 'firstBatch' | 'nextBatch'): Obj {
  return { cursor: { [key]: batch, id, ns }, ok: 1 };
}

function firstBatchFrom(ctx: CommandContext, ns: string, docs: Obj[], batchSizeArg: unknown, singleBatch = false): Obj {
  const batchSize = nonNegative(batchSizeArg, 'batchSize');
  const { id, batch } = ctx.cursors.firstBatch(ns, docs, batchSize, singleBatch);
  return cursorReply(ns, batch, id, 'firstBatch');
}

function rejectTransactions(cmd: Obj): void {
  if (cmd.startTransaction || cmd.autocommit === false) {
    throw new CommandError(ErrorCodes.IllegalOperation, 'Unsupported transactions (startTransaction) in embedded store');
  }
}

// ---------------------------------------------------------------------------
// Handshake and server information
// ---------------------------------------------------------------------------

export function helloReply(ctx: { connectionId: number }, legacy: boolean): Obj {
  return {
    helloOk: true,
    ...(legacy ? { ismaster: true } : {}),
    isWritablePrimary: true,
    maxBsonObjectSize: MAX_BSON_OBJECT_SIZE,
    maxMessageSizeBytes: MAX_MESSAGE_SIZE_BYTES,
    maxWriteBatchSize: MAX_WRITE_BATCH_SIZE,
    localTime: new Date(),
    logicalSessionTimeoutMinutes: 30,
    connectionId: ctx.connectionId,
    minWireVersion: 0,
    maxWireVersion: MAX_WIRE_VERSION,
    readOnly: false,
    ok: 1,
  };
}

const hello: Handler = (cmd, _db, ctx) => helloReply(ctx, !('hello' in cmd));

const buildInfo: Handler = () => ({
  version: SERVER_VERSION,
  gitVersion: 'embedded',
  versionArray: [7, 0, 0, 0],
  bits: 64,
  debug: false,
  maxBsonObjectSize: MAX_BSON_OBJECT_SIZE,
  storageEngines: ['embedded'],
  modules: [],
  ok: 1,
});

const PARAMETERS: Obj = {
  featureCompatibilityVersion: { version: '7.0' },
  authenticationMechanisms: [],
  maxBSONDepth: 100,
};

const getParameter: Handler = (cmd) => {
  const out: Obj = {};
  if (cmd.getParameter === '*' || (isPlainObject(cmd.getParameter) && cmd.getParameter.allParameters)) {
    Object.assign(out, PARAMETERS);
  } else {
    for (const k of Object.keys(cmd)) if (k in PARAMETERS) out[k] = PARAMETERS[k];
    if (Object.keys(out).length === 0) throw badValue('no option found to get');
  }
  return { ...out, ok: 1 };
};

// ---------------------------------------------------------------------------
// Databases and collections
// ---------------------------------------------------------------------------

const listDatabases: Handler = (cmd, _db, ctx) => {
  const filter = normalizeFilter(cmd.filter);
  const test = compileFilter(filter);
  const dbs = [...ctx.store.dbs.values()].map((d) => {
    let docs = 0;
    for (const c of d.collections.values()) docs += c.docs.size;
    return { name: d.name, sizeOnDisk: docs * 256, empty: docs === 0 };
  }).filter((d) => test(d));
  if (cmd.nameOnly) return { databases: dbs.map((d) => ({ name: d.name })), ok: 1 };
  return { databases: dbs, totalSize: dbs.reduce((s, d) => s + d.sizeOnDisk, 0), totalSizeMb: 0, ok: 1 };
};

const listCollections: Handler = (cmd, db, ctx) => {
  const filter = normalizeFilter(cmd.filter);
  const test = compileFilter(filter);
  const database = ctx.store.dbs.get(db);
  const infos: Obj[] = [];
  for (const c of database?.collections.values() ?? []) {
    const info: Obj = cmd.nameOnly
      ? { name: c.name, type: 'collection' }
      : { name: c.name, type: 'collection', options: {}, info: { readOnly: false }, idIndex: { v: 2, key: { _id: 1 }, name: '_id_' } };
    if (test(info)) infos.push(info);
  }
  infos.sort((a, b) => String(a.name).localeCompare(String(b.name)));
  const cursor = isPlainObject(cmd.cursor) ? cmd.cursor : {};
  return firstBatchFrom(ctx, `${db}.$cmd.listCollections`, infos, cursor.batchSize);
};

const CREATE_UNSUPPORTED = ['capped', 'size', 'max', 'timeseries', 'viewOn', 'pipeline', 'validator', 'clusteredIndex',
  'changeStreamPreAndPostImages', 'expireAfterSeconds', 'storageEngine', 'encryptedFields'];

const create: Handler = (cmd, db, ctx) => {
  const name = collectionArg(cmd, 'create');
  rejectUnsupportedOptions(cmd, CREATE_UNSUPPORTED);
  checkDbName(db);
  if (ctx.store.getCollection(db, name)) {
    throw new CommandError(ErrorCodes.NamespaceExists, `Collection ${db}.${name} already exists.`);
  }
  ctx.store.ensureCollection(db, name);
  ctx.onWrite();
  return { ok: 1 };
};

const drop: Handler = (cmd, db, ctx) => {
  const name = collectionArg(cmd, 'drop');
  const coll = ctx.store.dropCollection(db, name);
  if (!coll) return { ok: 1 };
  ctx.onWrite();
  return { ns: coll.ns, nIndexesWas: coll.allIndexes().length, ok: 1 };
};

const dropDatabase: Handler = (_cmd, db, ctx) => {
  if (ctx.store.dropDatabase(db)) ctx.onWrite();
  return { dropped: db, ok: 1 };
};

// ---------------------------------------------------------------------------
// Reads
// ---------------------------------------------------------------------------

const find: Handler = (cmd, db, ctx) => {
  const name = collectionArg(cmd, 'find');
  rejectUnsupportedOptions(cmd, ['min', 'max', 'let', 'returnKey', 'showRecordId']);
  if (cmd.tailable || cmd.awaitData) throw unsupported('tailable cursors');
  const filter = normalizeFilter(cmd.filter);
  const sort = normalizeSort(cmd.sort);
  const projection = normalizeProjection(cmd.projection);
  const skip = nonNegative(cmd.skip, 'skip') ?? 0;
  let limit = int(cmd.limit, 'limit') ?? 0;
  let singleBatch = cmd.singleBatch === true;
  if (limit < 0) {
    limit = -limit;
    singleBatch = true;
  }
  const coll = ctx.store.getCollection(db, name);
  const end = limit > 0 ? skip + limit : undefined;
  let docs = matchDocs(coll, filter, sort, end).slice(skip, end);
  if (projection) docs = projectDocs(docs, projection, filter);
  let batchSize = nonNegative(cmd.batchSize, 'batchSize');
  if (limit > 0 && batchSize === undefined) batchSize = Math.min(limit, 101);
  return firstBatchFrom(ctx, `${db}.${name}`, docs, batchSize, singleBatch);
};

const getMore: Handler = (cmd, db, ctx) => {
  // not checkCollectionName: listCollections cursors live on "<db>.$cmd.listCollections"
  const name = cmd.collection;
  if (typeof name !== 'string' || !name) throw badValue("getMore needs a 'collection' string");
  const batchSize = nonNegative(cmd.batchSize, 'batchSize');
  const { id, batch } = ctx.cursors.getMore(cmd.getMore, `${db}.${name}`, batchSize);
  return cursorReply(`${db}.${name}`, batch, id, 'nextBatch');
};

const killCursors: Handler = (cmd, _db, ctx) => {
  if (typeof cmd.killCursors !== 'string' || !cmd.killCursors) throw badValue("killCursors needs a collection name");
  if (!Array.isArray(cmd.cursors)) throw badValue("'cursors' must be an array");
  const { killed, notFound } = ctx.cursors.kill(cmd.cursors);
  return { cursorsKilled: killed, cursorsNotFound: notFound, cursorsAlive: [], cursorsUnknown: [], ok: 1 };
};

const count: Handler = (cmd, db, ctx) => {
  const name = collectionArg(cmd, 'count');
  const filter = normalizeFilter(cmd.query);
  const skip = nonNegative(cmd.skip, 'skip') ?? 0;
  const limit = Math.abs(int(cmd.limit, 'limit') ?? 0);
  const coll = ctx.store.getCollection(db, name);
  let n = Math.max(0, matchDocs(coll, filter).length - skip);
  if (limit > 0) n = Math.min(n, limit);
  return { n, ok: 1 };
};

const distinct: Handler = (cmd, db, ctx) => {
  const name = collectionArg(cmd, 'distinct');
  if (typeof cmd.key !== 'string' || !cmd.key) throw badValue("'key' must be a non-empty string");
  const key = cmd.key;
  const filter = normalizeFilter(cmd.query);
  const coll = ctx.store.getCollection(db, name);
  const seen = new Map<string, unknown>();
  for (const doc of matchDocs(coll, filter)) {
    for (const v of distinctValues(doc, key)) {
      const k = keyString(v);
      if (!seen.has(k)) seen.set(k, v);
    }
  }
  const values = sortDocs([...seen.values()].map((v) => ({ v })), { v: 1 }).map((o) => o.v);
  return { values, ok: 1 };
};

function distinctValues(doc: unknown, path: string): unknown[] {
  const segs = path.split('.');
  const out: unknown[] = [];
  const walk = (cur: unknown, i: number): void => {
    if (i === segs.length) {
      if (Array.isArray(cur)) out.push(...cur);
      else if (cur !== undefined) out.push(cur);
      return;
    }
    if (Array.isArray(cur)) {
      for (const el of cur) walk(el, i);
      return;
    }
    if (!isPlainObject(cur) || !(segs[i] in cur)) return;
    walk(cur[segs[i]], i + 1);
  };
  walk(doc, 0);
  return out;
}

const aggregate: Handler = (cmd, db, ctx) => {
  if (typeof cmd.aggregate !== 'string') throw unsupported('database-level aggregate (aggregate: 1)');
  const name = checkCollectionName(cmd.aggregate);
  if (cmd.explain) throw unsupported('option \'explain\'');
  rejectUnsupportedOptions(cmd, ['let']);
  if (!isPlainObject(cmd.cursor)) throw new CommandError(ErrorCodes.FailedToParse, "The 'cursor' option is required, except for aggregate with the explain argument");
  const pipeline = normalizePipeline(cmd.pipeline);
  const coll = ctx.store.getCollection(db, name);
  // Leading $match stages run on the stored documents (using the _id index when possible);
  // only the matching documents are copied for the rest of the pipeline.
  let first = 0;
  let filter: Obj = {};
  while (first < pipeline.length && '$match' in pipeline[first]) {
    const m = pipeline[first].$match as Obj;
    filter = Object.keys(filter).length ? { $and: [filter, m] } : m;
    first++;
  }
  const source = matchDocs(coll, filter).map(clone);
  const cache = new Map<string, Obj[]>();
  const resolver = (from: string): Obj[] => {
    let docs = cache.get(from);
    if (!docs) {
      const c = ctx.store.getCollection(db, from);
      docs = c ? [...c.docs.values()].map(clone) : [];
      cache.set(from, docs);
    }
    return docs;
  };
  const result = runPipeline(source, pipeline.slice(first), resolver);
  return firstBatchFrom(ctx, `${db}.${name}`, result, cmd.cursor.batchSize);
};

// ---------------------------------------------------------------------------
// Writes
// ---------------------------------------------------------------------------

function statements(cmd: Obj, field: string): Obj[] {
  const list = cmd[field];
  if (!Array.isArray(list) || list.length === 0) throw badValue(`'${field}' must be a non-empty array`);
  if (list.length > MAX_WRITE_BATCH_SIZE) throw new CommandError(ErrorCodes.InvalidLength, `Write batch sizes must be between 1 and ${MAX_WRITE_BATCH_SIZE}`);
  return list as Obj[];
}

const insert: Handler = (cmd, db, ctx) => {
  const name = collectionArg(cmd, 'insert');
  checkDbName(db);
  const docs = statements(cmd, 'documents').map((d, i) => normalizeDocument(d, `documents[${i}]`));
  const ordered = cmd.ordered !== false;
  const { coll, created } = ctx.store.ensureCollection(db, name);
  const writeErrors: Obj[] = [];
  let n = 0;
  for (let i = 0; i < docs.length; i++) {
    try {
      coll.insert(docs[i]);
      n++;
    } catch (err) {
      writeErrors.push(writeError(i, err));
      if (ordered) break;
    }
  }
  if (n > 0 || created) ctx.onWrite();
  return writeErrors.length ? { n, writeErrors, ok: 1 } : { n, ok: 1 };
};

interface UpdateStatement {
  q: Obj;
  u: NormalizedUpdate;
  multi: boolean;
  upsert: boolean;
  sort?: Record<string, 1 | -1>;
}

function parseUpdateStatement(s: unknown): UpdateStatement {
  if (!isPlainObject(s)) throw badValue('update statement must be an object');
  rejectUnsupportedOptions(s, ['arrayFilters', 'collation', 'c']);
  const q = normalizeFilter(s.q, 'query');
  const u = normalizeUpdate(s.u);
  const multi = s.multi === true;
  if (multi && u.kind === 'replacement') {
    throw new CommandError(ErrorCodes.FailedToParse, 'multi update is not supported for replacement-style update');
  }
  return { q, u, multi, upsert: s.upsert === true, sort: normalizeSort(s.sort) };
}

/** Builds and inserts the document for an upsert. */
function doUpsert(ctx: CommandContext, db: string, name: string, q: Obj, u: NormalizedUpdate): Obj {
  const seed = upsertSeed(q);
  let doc: Obj;
  if (u.kind === 'replacement') {
    const { _id: replId, ...rest } = u.doc;
    const id = replId !== undefined ? replId : seed._id;
    doc = id !== undefined ? { _id: id, ...rest } : { ...rest };
  } else {
    doc = applyUpdate(seed, u, { filter: q, isInsert: true });
  }
  const normalized = normalizeDocument(doc, 'upserted document');
  const { coll } = ctx.store.ensureCollection(db, name);
  return coll.insert(normalized);
}

/** Applies one update statement atomically: on error, its partial changes are undone. */
function runUpdate(ctx: CommandContext, db: string, name: string, st: UpdateStatement): { n: number; nModified: number; upsertedId?: unknown } {
  const coll = ctx.store.getCollection(db, name);
  const targets = matchDocs(coll, st.q, st.sort, st.multi ? undefined : 1);
  if (targets.length === 0) {
    if (!st.upsert) return { n: 0, nModified: 0 };
    const stored = doUpsert(ctx, db, name, st.q, st.u);
    return { n: 1, nModified: 0, upsertedId: stored._id };
  }
  const applied: Array<[Obj, Obj]> = [];
  try {
    for (const doc of targets) {
      const next = applyUpdate(doc, st.u, { filter: st.q, isInsert: false });
      if (keyString(next) !== keyString(doc)) {
        coll!.replace(doc, next);
        applied.push([doc, next]);
      }
    }
  } catch (err) {
    for (const [before, after] of applied.reverse()) coll!.replace(after, before);
    throw err;
  }
  return { n: targets.length, nModified: applied.length };
}

const update: Handler = (cmd, db, ctx) => {
  const name = collectionArg(cmd, 'update');
  checkDbName(db);
  const list = statements(cmd, 'updates').map(parseUpdateStatement);
  const ordered = cmd.ordered !== false;
  let n = 0;
  let nModified = 0;
  const upserted: Obj[] = [];
  const writeErrors: Obj[] = [];
  for (let i = 0; i < list.length; i++) {
    try {
      const r = runUpdate(ctx, db, name, list[i]);
      n += r.n;
      nModified += r.nModified;
      if (r.upsertedId !== undefined) upserted.push({ index: i, _id: r.upsertedId });
    } catch (err) {
      writeErrors.push(writeError(i, err));
      if (ordered) break;
    }
  }
  if (nModified > 0 || upserted.length > 0) ctx.onWrite();
  const reply: Obj = { n, nModified, ok: 1 };
  if (upserted.length) reply.upserted = upserted;
  if (writeErrors.length) reply.writeErrors = writeErrors;
  return reply;
};

const del: Handler = (cmd, db, ctx) => {
  const name = collectionArg(cmd, 'delete');
  const list = statements(cmd, 'deletes').map((s) => {
    if (!isPlainObject(s)) throw badValue('delete statement must be an object');
    rejectUnsupportedOptions(s, ['collation']);
    const limit = int(s.limit, 'limit');
    if (limit !== 0 && limit !== 1) throw badValue(`The limit field in delete objects must be 0 or 1. Got ${String(s.limit)}`);
    return { q: normalizeFilter(s.q, 'query'), limit };
  });
  const coll = ctx.store.getCollection(db, name);
  let n = 0;
  for (const st of list) {
    for (const doc of matchDocs(coll, st.q, undefined, st.limit === 1 ? 1 : undefined)) {
      coll!.remove(doc);
      n++;
    }
  }
  if (n > 0) ctx.onWrite();
  return { n, ok: 1 };
};

const findAndModify: Handler = (cmd, db, ctx) => {
  const name = typeof cmd.findAndModify === 'string' ? collectionArg(cmd, 'findAndModify') : collectionArg(cmd, 'findandmodify');
  checkDbName(db);
  rejectUnsupportedOptions(cmd, ['arrayFilters', 'let']);
  const q = normalizeFilter(cmd.query, 'query');
  const sort = normalizeSort(cmd.sort);
  const fields = normalizeProjection(cmd.fields);
  const remove = cmd.remove === true;
  const hasUpdate = cmd.update !== undefined && cmd.update !== null;
  if (remove && hasUpdate) throw new CommandError(ErrorCodes.FailedToParse, 'Cannot specify both an update and remove=true');
  if (!remove && !hasUpdate) throw new CommandError(ErrorCodes.FailedToParse, 'Either an update or remove=true must be specified');
  if (remove && cmd.upsert) throw new CommandError(ErrorCodes.FailedToParse, 'Cannot specify both upsert=true and remove=true');
  if (remove && cmd.new) throw new CommandError(ErrorCodes.FailedToParse, 'Cannot specify both new=true and remove=true; \'remove\' always returns the deleted document');
  const u = hasUpdate ? normalizeUpdate(cmd.update) : undefined;
  const returnNew = cmd.new === true;
  // The filter matters to a projection only for the positional `field.$` form; the document after
  // an update may no longer match it (e.g. {active: true} → set false), and must still come back.
  const positional = fields !== undefined && Object.keys(fields).some((key) => key.endsWith('.$'));
  const project = (doc: Obj | null, filter: Obj = q): Obj | null =>
    doc && fields ? projectDocs([doc], fields, positional ? filter : {})[0] ?? null : doc;

  const coll = ctx.store.getCollection(db, name);
  const [target] = matchDocs(coll, q, sort, 1);
  if (remove) {
    if (!target) return { lastErrorObject: { n: 0 }, value: null, ok: 1 };
    coll!.remove(target);
    ctx.onWrite();
    return { lastErrorObject: { n: 1 }, value: project(target), ok: 1 };
  }
  if (!target) {
    if (!cmd.upsert) return { lastErrorObject: { n: 0, updatedExisting: false }, value: null, ok: 1 };
    const stored = doUpsert(ctx, db, name, q, u!);
    ctx.onWrite();
    return {
      lastErrorObject: { n: 1, updatedExisting: false, upserted: stored._id },
      value: returnNew ? project(stored) : null,
      ok: 1,
    };
  }
  const next = applyUpdate(target, u!, { filter: q, isInsert: false });
  if (keyString(next) !== keyString(target)) {
    coll!.replace(target, next);
    ctx.onWrite();
  }
  return { lastErrorObject: { n: 1, updatedExisting: true }, value: project(returnNew ? next : target), ok: 1 };
};

// ---------------------------------------------------------------------------
// Indexes
// ---------------------------------------------------------------------------

const createIndexes: Handler = (cmd, db, ctx) => {
  const name = collectionArg(cmd, 'createIndexes');
  checkDbName(db);
  if (!Array.isArray(cmd.indexes) || cmd.indexes.length === 0) throw badValue("'indexes' must be a non-empty array");
  const defs: IndexDef[] = cmd.indexes.map(normalizeIndexSpec);
  const { coll, created } = ctx.store.ensureCollection(db, name);
  const before = coll.allIndexes().length;
  const added: string[] = [];
  try {
    for (const def of defs) if (coll.addIndexDef(def)) added.push(def.name);
  } catch (err) {
    for (const n of added) coll.dropIndex(n);
    if (created) ctx.store.dropCollection(db, name);
    throw err;
  }
  if (created || added.length) ctx.onWrite();
  const reply: Obj = {
    numIndexesBefore: before,
    numIndexesAfter: coll.allIndexes().length,
    createdCollectionAutomatically: created,
    ok: 1,
  };
  if (added.length === 0) reply.note = 'all indexes already exist';
  return reply;
};

function requireCollection(ctx: CommandContext, db: string, name: string): Collection {
  const coll = ctx.store.getCollection(db, name);
  if (!coll) throw new CommandError(ErrorCodes.NamespaceNotFound, `ns does not exist: ${db}.${name}`);
  return coll;
}

const listIndexes: Handler = (cmd, db, ctx) => {
  const name = collectionArg(cmd, 'listIndexes');
  const coll = requireCollection(ctx, db, name);
  const cursor = isPlainObject(cmd.cursor) ? cmd.cursor : {};
  return firstBatchFrom(ctx, `${db}.${name}`, coll.allIndexes().map(describeIndex), cursor.batchSize);
};

const dropIndexes: Handler = (cmd, db, ctx) => {
  const name = collectionArg(cmd, 'dropIndexes');
  const coll = requireCollection(ctx, db, name);
  const was = coll.allIndexes().length;
  const spec = cmd.index;
  let names: string[];
  if (spec === '*') names = coll.indexes.map((d) => d.name);
  else if (typeof spec === 'string') names = [spec];
  else if (Array.isArray(spec) && spec.every((s) => typeof s === 'string')) names = spec as string[];
  else if (isPlainObject(spec)) {
    const k = keyString(spec);
    const found = coll.allIndexes().find((d) => keyString(d.key) === k);
    if (!found) throw new CommandError(ErrorCodes.IndexNotFound, `can't find index with key: ${JSON.stringify(spec)}`);
    names = [found.name];
  } else throw badValue("'index' must be a name, a key pattern, an array of names or '*'");
  // Validate every name before dropping anything.
  for (const n of names) {
    if (n === '_id_') throw new CommandError(ErrorCodes.InvalidOptions, 'cannot drop _id index');
    if (!coll.indexes.some((d) => d.name === n)) throw new CommandError(ErrorCodes.IndexNotFound, `index not found with name [${n}]`);
  }
  for (const n of names) coll.dropIndex(n);
  if (names.length) ctx.onWrite();
  return { nIndexesWas: was, ok: 1 };
};

// ---------------------------------------------------------------------------
// Sessions and misc
// ---------------------------------------------------------------------------

const ok: Handler = () => ({ ok: 1 });

const connectionStatus: Handler = () => ({
  authInfo: { authenticatedUsers: [], authenticatedUserRoles: [] },
  ok: 1,
});

const HANDLERS: Record<string, Handler> = {
  hello,
  isMaster: hello,
  ismaster: hello,
  ping: ok,
  buildInfo,
  buildinfo: buildInfo,
  getParameter,
  listDatabases,
  listCollections,
  create,
  drop,
  dropDatabase,
  insert,
  find,
  getMore,
  killCursors,
  update,
  delete: del,
  findAndModify,
  findandmodify: findAndModify,
  count,
  distinct,
  aggregate,
  createIndexes,
  listIndexes,
  dropIndexes,
  deleteIndexes: dropIndexes,
  endSessions: ok,
  refreshSessions: ok,
  killSessions: ok,
  connectionStatus,
  whatsmyuri: () => ({ you: '127.0.0.1', ok: 1 }),
};

/** Runs one command document against `db`. Never throws: errors become `{ ok: 0 }` replies. */
export function runCommand(cmd: Obj, db: string, ctx: CommandContext): Obj {
  const name = Object.keys(cmd)[0];
  try {
    if (name === undefined) throw badValue('empty command');
    const handler = Object.prototype.hasOwnProperty.call(HANDLERS, name) ? HANDLERS[name] : undefined;
    if (!handler) {
      throw new CommandError(ErrorCodes.CommandNotFound, `Unsupported command '${name}' in embedded store (no such command: '${name}')`);
    }
    rejectTransactions(cmd);
    rejectUnsupportedOptions(cmd, ['collation']);
    return handler(cmd, db, ctx);
  } catch (err) {
    return toCommandError(err).toReply();
  }
}
