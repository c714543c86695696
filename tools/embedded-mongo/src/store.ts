/**
 * In-memory databases, collections and unique-index enforcement.
 *
 * Invariant: a stored document object is never mutated after it is stored. Updates build a
 * new object and swap it in, so read results and open cursors can hold references safely.
 * All methods are synchronous; a command runs start to finish without yielding, which is
 * what makes guarded findOneAndUpdate calls atomic.
 */
import { ObjectId, calculateObjectSize } from 'bson';
import { CommandError, ErrorCodes, badValue } from './errors';
import { ID_INDEX, UniqueIndex, normalizeIndexSpec, sameIndexOptions, type IndexDef } from './indexes';
import { OrderedIndex, Rank } from './ordered-index';
import { keyString } from './values';

type Obj = Record<string, unknown>;

/**
 * One effect on the store, as recorded for the journal (journal.ts). Effects carry resolved
 * values (the stored document with its generated _id, the new version of an updated document),
 * so replaying them reproduces the same state without re-running any command logic.
 */
export type StoreOp =
  | { o: 'cc'; db: string; c: string } // collection created
  | { o: 'dc'; db: string; c: string } // collection dropped
  | { o: 'dd'; db: string } // database dropped
  | { o: 'i'; db: string; c: string; d: Obj } // document inserted (as stored)
  | { o: 'u'; db: string; c: string; d: Obj } // document replaced by this version (same _id)
  | { o: 'r'; db: string; c: string; id: unknown } // document removed
  | { o: 'ci'; db: string; c: string; def: IndexDef } // index added
  | { o: 'di'; db: string; c: string; name: string }; // index dropped

/** Receives every effect while set (journal mode); unset in memory-only mode. */
export interface OpRecorder {
  recorder?: (op: StoreOp) => void;
}

export class Collection {
  readonly db: string;
  readonly name: string;
  /** _id key → document, in insertion (natural) order */
  readonly docs = new Map<string, Obj>();
  /** secondary index definitions (the _id index is implicit) */
  readonly indexes: IndexDef[] = [];
  private unique: UniqueIndex[] = [];
  /** ordered indexes by the leading field of the declared indexes (see ordered-index.ts) */
  private readonly ordered = new Map<string, OrderedIndex>();
  private readonly owner: OpRecorder | undefined;

  constructor(db: string, name: string, owner?: OpRecorder) {
    this.db = db;
    this.name = name;
    this.owner = owner;
  }

  get ns(): string {
    return `${this.db}.${this.name}`;
  }

  allIndexes(): IndexDef[] {
    return [ID_INDEX, ...this.indexes];
  }

  getById(id: unknown): Obj | undefined {
    return this.docs.get(keyString(id));
  }

  /** Inserts a validated document (gets an ObjectId _id when missing). Returns the stored doc. */
  insert(input: Obj): Obj {
    const doc: Obj = '_id' in input ? reorderId(input) : { _id: new ObjectId(), ...input };
    if (Array.isArray(doc._id)) throw badValue("can't use an array for _id");
    if (doc._id instanceof RegExp) throw badValue("can't use a regex for _id");
    checkSize(doc);
    const idKey = keyString(doc._id);
    if (this.docs.has(idKey)) {
      throw new CommandError(
        ErrorCodes.DuplicateKey,
        `E11000 duplicate key error collection: ${this.ns} index: _id_ dup key: { _id: ${displayId(doc._id)} }`,
        { keyPattern: { _id: 1 }, keyValue: { _id: doc._id } },
      );
    }
    const keys = this.checkUnique(doc, idKey);
    this.docs.set(idKey, doc);
    this.addKeys(keys, idKey);
    for (const idx of this.ordered.values()) idx.add(doc, idKey);
    this.owner?.recorder?.({ o: 'i', db: this.db, c: this.name, d: doc });
    return doc;
  }

  /** Replaces a stored document by a new version (same _id). */
  replace(oldDoc: Obj, newDoc: Obj): void {
    const idKey = keyString(oldDoc._id);
    checkSize(newDoc);
    const keys = this.checkUnique(newDoc, idKey);
    this.removeKeys(oldDoc, idKey);
    this.docs.set(idKey, newDoc);
    this.addKeys(keys, idKey);
    for (const idx of this.ordered.values()) {
      idx.delete(oldDoc, idKey);
      idx.add(newDoc, idKey);
    }
    this.owner?.recorder?.({ o: 'u', db: this.db, c: this.name, d: newDoc });
  }

  remove(doc: Obj): void {
    const idKey = keyString(doc._id);
    if (!this.docs.has(idKey)) return;
    this.removeKeys(doc, idKey);
    this.docs.delete(idKey);
    for (const idx of this.ordered.values()) idx.delete(doc, idKey);
    this.owner?.recorder?.({ o: 'r', db: this.db, c: this.name, id: doc._id });
  }

  /** The ordered index on a field that leads a declared index; undefined when none starts with it. */
  orderedIndex(field: string): OrderedIndex | undefined {
    return this.ordered.get(field);
  }

  /** Throws E11000 if `doc` (owned by idKey) would collide in a unique index. */
  private checkUnique(doc: Obj, idKey: string): Array<[UniqueIndex, string[]]> {
    const out: Array<[UniqueIndex, string[]]> = [];
    for (const idx of this.unique) {
      const keys = idx.keysFor(doc);
      for (const k of keys) {
        const owner = idx.entries.get(k.key);
        if (owner !== undefined && owner !== idKey) throw idx.duplicateError(this.ns, k);
      }
      out.push([idx, keys.map((k) => k.key)]);
    }
    return out;
  }

  private addKeys(keys: Array<[UniqueIndex, string[]]>, idKey: string): void {
    for (const [idx, ks] of keys) for (const k of ks) idx.entries.set(k, idKey);
  }

  private removeKeys(doc: Obj, idKey: string): void {
    for (const idx of this.unique) {
      for (const k of idx.keysFor(doc)) {
        if (idx.entries.get(k.key) === idKey) idx.entries.delete(k.key);
      }
    }
  }

  /**
   * Adds an index. Returns false when an identical index already exists. Building a unique
   * index over existing documents fails with E11000 (and leaves nothing behind).
   */
  createIndex(spec: unknown): boolean {
    const def = normalizeIndexSpec(spec);
    return this.addIndexDef(def);
  }

  addIndexDef(def: IndexDef): boolean {
    for (const existing of this.allIndexes()) {
      const sameKey = keyString(existing.key) === keyString(def.key);
      if (existing.name === def.name) {
        if (sameIndexOptions(existing, def)) return false;
        if (!sameKey) {
          throw new CommandError(ErrorCodes.IndexKeySpecsConflict, `An existing index has the same name as the requested index. When index names are not specified, they are auto generated and can cause conflicts. Please refer to our documentation. Requested index: ${JSON.stringify(def)}, existing index: ${JSON.stringify(existing)}`);
        }
        throw new CommandError(ErrorCodes.IndexOptionsConflict, `An equivalent index already exists with the same name but different options. Requested index: ${JSON.stringify(def)}, existing index: ${JSON.stringify(existing)}`);
      }
      if (sameKey && keyString(existing.partialFilterExpression ?? null) === keyString(def.partialFilterExpression ?? null)) {
        if (sameIndexOptions(existing, def)) {
          throw new CommandError(ErrorCodes.IndexOptionsConflict, `Index already exists with a different name: ${existing.name}`);
        }
        throw new CommandError(ErrorCodes.IndexOptionsConflict, `An equivalent index already exists with a different name and options. Requested index: ${JSON.stringify(def)}, existing index: ${JSON.stringify(existing)}`);
      }
    }
    if (def.unique) {
      const idx = new UniqueIndex(def);
      for (const [idKey, doc] of this.docs) {
        for (const k of idx.keysFor(doc)) {
          const owner = idx.entries.get(k.key);
          if (owner !== undefined && owner !== idKey) throw idx.duplicateError(this.ns, k);
          idx.entries.set(k.key, idKey);
        }
      }
      this.unique.push(idx);
    }
    this.indexes.push(def);
    // kept from now on by every write, like mongod's indexes: a query never waits for a build
    const field = Object.keys(def.key)[0];
    if (field !== '_id' && !this.ordered.has(field)) this.ordered.set(field, new OrderedIndex(field, this.docs));
    this.owner?.recorder?.({ o: 'ci', db: this.db, c: this.name, def });
    return true;
  }

  dropIndex(name: string): void {
    if (name === '_id_') throw new CommandError(ErrorCodes.InvalidOptions, 'cannot drop _id index');
    const i = this.indexes.findIndex((d) => d.name === name);
    if (i === -1) throw new CommandError(ErrorCodes.IndexNotFound, `index not found with name [${name}]`);
    const [dropped] = this.indexes.splice(i, 1);
    this.unique = this.unique.filter((u) => u.def.name !== name);
    const field = Object.keys(dropped.key)[0];
    if (!this.indexes.some((def) => Object.keys(def.key)[0] === field)) this.ordered.delete(field);
    this.owner?.recorder?.({ o: 'di', db: this.db, c: this.name, name });
  }

  /** Deletes documents whose TTL has passed (read from the TTL field's ordered index). Returns how many were removed. */
  sweepExpired(now: number): number {
    let removed = 0;
    for (const def of [...this.indexes]) {
      if (def.expireAfterSeconds === undefined) continue;
      const index = this.orderedIndex(Object.keys(def.key)[0]);
      if (!index) continue;
      const limit = new Date(now - def.expireAfterSeconds * 1000);
      // a document with several dates expires with its earliest one, as in MongoDB
      const expired = new Set(index.scan({ rank: Rank.Date, high: { value: limit, inclusive: true } }));
      for (const idKey of expired) {
        const doc = this.docs.get(idKey);
        if (doc) {
          this.remove(doc);
          removed++;
        }
      }
    }
    return removed;
  }
}

const MAX_DOCUMENT_SIZE = 16 * 1024 * 1024;

function checkSize(doc: Obj): void {
  const size = calculateObjectSize(doc);
  if (size > MAX_DOCUMENT_SIZE) {
    throw new CommandError(ErrorCodes.BSONObjectTooLarge, `BSONObj size: ${size} is invalid. Size must be between 0 and ${MAX_DOCUMENT_SIZE}(16MB)`);
  }
}

function reorderId(doc: Obj): Obj {
  if (Object.keys(doc)[0] === '_id') return doc;
  const { _id, ...rest } = doc;
  return { _id, ...rest };
}

function displayId(id: unknown): string {
  if (id instanceof ObjectId) return `ObjectId('${id.toHexString()}')`;
  return typeof id === 'string' ? JSON.stringify(id) : String(id);
}

export class Database {
  readonly name: string;
  readonly collections = new Map<string, Collection>();

  constructor(name: string) {
    this.name = name;
  }
}

const DB_NAME_RE = /^[^\0/\\. "$*<>:|?]+$/;

export function checkDbName(name: unknown): string {
  if (typeof name !== 'string' || !DB_NAME_RE.test(name) || name.length > 63) {
    throw new CommandError(ErrorCodes.InvalidNamespace, `Invalid database name: '${String(name)}'`);
  }
  return name;
}

export function checkCollectionName(name: unknown): string {
  if (typeof name !== 'string' || name.length === 0 || name.includes('\0') || name.includes('$') || name.startsWith('.') || name.startsWith('system.')) {
    throw new CommandError(ErrorCodes.InvalidNamespace, `Invalid collection name: '${String(name)}'`);
  }
  return name;
}

export class Store implements OpRecorder {
  readonly dbs = new Map<string, Database>();
  /** Set by the journal to capture every effect; see StoreOp. */
  recorder?: (op: StoreOp) => void;

  getCollection(db: string, name: string): Collection | undefined {
    return this.dbs.get(db)?.collections.get(name);
  }

  /** Collection, created (with its database) when missing. */
  ensureCollection(db: string, name: string): { coll: Collection; created: boolean } {
    const existing = this.getCollection(db, name);
    if (existing) return { coll: existing, created: false };
    checkDbName(db);
    checkCollectionName(name);
    let database = this.dbs.get(db);
    if (!database) {
      database = new Database(db);
      this.dbs.set(db, database);
    }
    const coll = new Collection(db, name, this);
    database.collections.set(name, coll);
    this.recorder?.({ o: 'cc', db, c: name });
    return { coll, created: true };
  }

  dropCollection(db: string, name: string): Collection | undefined {
    const database = this.dbs.get(db);
    const coll = database?.collections.get(name);
    if (!database || !coll) return undefined;
    database.collections.delete(name);
    if (database.collections.size === 0) this.dbs.delete(db);
    this.recorder?.({ o: 'dc', db, c: name });
    return coll;
  }

  dropDatabase(db: string): boolean {
    const dropped = this.dbs.delete(db);
    if (dropped) this.recorder?.({ o: 'dd', db });
    return dropped;
  }

  *allCollections(): Iterable<Collection> {
    for (const d of this.dbs.values()) yield* d.collections.values();
  }

  sweepExpired(now = Date.now()): number {
    let removed = 0;
    for (const coll of this.allCollections()) removed += coll.sweepExpired(now);
    return removed;
  }
}
