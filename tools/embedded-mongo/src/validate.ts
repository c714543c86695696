/**
 * Validation of everything a client can send that the embedded store evaluates.
 * Each function walks its input recursively and throws a CommandError naming the first
 * operator or type outside the supported subset, BEFORE anything is evaluated, so an
 * unsupported request can never produce a silently wrong answer. Validation also
 * normalises BSON regular expressions into JavaScript RegExp objects.
 */
import { BSONRegExp, Binary, ObjectId, Long, Timestamp, Int32, Double } from 'bson';
import { CommandError, ErrorCodes, badValue, unsupported } from './errors';
import { isPlainObject } from './values';

const ALLOWED_REGEX_FLAGS = new Set(['i', 'm', 's']);

/** Field-level query operators. */
const FIELD_OPERATORS = new Set([
  '$eq', '$ne', '$gt', '$gte', '$lt', '$lte', '$in', '$nin', '$exists',
  '$elemMatch', '$regex', '$options', '$not', '$all', '$size',
]);
const LOGICAL_OPERATORS = new Set(['$and', '$or', '$nor']);

const UPDATE_OPERATORS = new Set([
  '$set', '$unset', '$inc', '$mul', '$min', '$max', '$push', '$addToSet', '$pull',
  '$pullAll', '$pop', '$rename', '$setOnInsert',
]);

const PIPELINE_STAGES = new Set([
  '$match', '$group', '$sort', '$skip', '$limit', '$project', '$addFields', '$set',
  '$unset', '$unwind', '$count', '$facet', '$lookup', '$replaceRoot', '$replaceWith',
]);

const ACCUMULATORS = new Set([
  '$sum', '$avg', '$min', '$max', '$first', '$last', '$push', '$addToSet', '$count',
]);

const EXPRESSION_OPERATORS = new Set([
  // arithmetic
  '$add', '$subtract', '$multiply', '$divide', '$mod', '$abs', '$ceil', '$floor', '$round', '$trunc',
  // comparison / boolean / conditional
  '$eq', '$ne', '$gt', '$gte', '$lt', '$lte', '$cmp', '$and', '$or', '$not', '$cond', '$ifNull', '$switch',
  // strings
  '$concat', '$toLower', '$toUpper', '$substrCP', '$strLenCP', '$trim', '$ltrim', '$rtrim', '$split',
  '$toString',
  // arrays and objects
  '$size', '$arrayElemAt', '$in', '$filter', '$map', '$slice', '$concatArrays', '$first', '$last',
  '$isArray', '$mergeObjects', '$literal', '$sum', '$avg', '$min', '$max',
  // dates (UTC)
  '$year', '$month', '$dayOfMonth', '$hour', '$minute', '$second', '$millisecond', '$dayOfWeek',
  '$dayOfYear',
]);

const ALLOWED_VARIABLES = new Set(['ROOT', 'CURRENT', 'NOW', 'REMOVE']);

/** Unsupported-but-recognisable names get the generic "Unsupported operator" message. */
function unsupportedOperator(op: string): CommandError {
  return unsupported(`operator ${op}`);
}

// ---------------------------------------------------------------------------
// Values and documents
// ---------------------------------------------------------------------------

function checkRegexFlags(flags: string): void {
  for (const f of flags) {
    if (!ALLOWED_REGEX_FLAGS.has(f)) {
      throw unsupported(`regex option '${f}'`, 'in embedded store (supported: i, m, s)');
    }
  }
}

export function toRegExp(value: BSONRegExp | RegExp | string, options = ''): RegExp {
  if (value instanceof RegExp) {
    checkRegexFlags(value.flags + options);
    return options ? new RegExp(value.source, dedupe(value.flags + options)) : value;
  }
  const pattern = value instanceof BSONRegExp ? value.pattern : value;
  const flags = (value instanceof BSONRegExp ? value.options : '') + options;
  checkRegexFlags(flags);
  try {
    return new RegExp(pattern, dedupe(flags));
  } catch (e) {
    throw badValue(`Invalid regular expression /${pattern}/: ${(e as Error).message}`);
  }
}

function dedupe(flags: string): string {
  return [...new Set(flags)].join('');
}

/**
 * Checks a value that will be stored or compared: only the BSON types in the supported
 * subset (plus a few harmless ones: null, doubles, Long, Binary, Timestamp). Returns the
 * value with BSON regexes converted to RegExp.
 */
export function normalizeValue(v: unknown, where: string): unknown {
  if (v === null || v === undefined) return v;
  switch (typeof v) {
    case 'string':
    case 'boolean':
    case 'number':
      return v;
    case 'bigint':
      return v;
    case 'function':
    case 'symbol':
      throw unsupported(`type ${typeof v}`, `in ${where} in embedded store`);
  }
  if (Array.isArray(v)) return v.map((x) => normalizeValue(x, where));
  if (v instanceof Date || v instanceof ObjectId || v instanceof Long || v instanceof Binary) return v;
  if (v instanceof Timestamp || v instanceof Int32 || v instanceof Double) return v;
  if (v instanceof RegExp || v instanceof BSONRegExp) return toRegExp(v);
  if (isPlainObject(v)) {
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(v)) out[k] = normalizeValue(v[k], where);
    return out;
  }
  const bsontype = (v as { _bsontype?: string })._bsontype ?? (v as object).constructor?.name ?? 'unknown';
  if (bsontype === 'Decimal128') {
    throw unsupported('type Decimal128', `in ${where} in embedded store (use integer numbers, e.g. pence)`);
  }
  throw unsupported(`type ${bsontype}`, `in ${where} in embedded store`);
}

/** Validates a document about to be stored. Returns a normalised copy. */
export function normalizeDocument(doc: unknown, where = 'document'): Record<string, unknown> {
  if (!isPlainObject(doc)) throw badValue(`${where} must be an object`);
  for (const k of Object.keys(doc)) {
    if (k.startsWith('$')) {
      throw new CommandError(ErrorCodes.BadValue, `Field names may not start with '$' in embedded store: '${k}' in ${where}`);
    }
  }
  return normalizeValue(doc, where) as Record<string, unknown>;
}

// ---------------------------------------------------------------------------
// Query filters
// ---------------------------------------------------------------------------

/** Validates and normalises a query filter (find, update, delete, $match, partial indexes...). */
export function normalizeFilter(filter: unknown, where = 'filter'): Record<string, unknown> {
  if (filter === undefined || filter === null) return {};
  if (!isPlainObject(filter)) throw badValue(`${where} must be an object`);
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(filter)) {
    const value = filter[key];
    if (key.startsWith('$')) {
      if (LOGICAL_OPERATORS.has(key)) {
        if (!Array.isArray(value) || value.length === 0) {
          throw badValue(`${key} must be a nonempty array`);
        }
        out[key] = value.map((sub) => normalizeFilter(sub, where));
      } else if (key === '$comment') {
        // ignored, like mongod
      } else {
        throw unsupportedOperator(key);
      }
      continue;
    }
    out[key] = normalizeFieldCondition(value, where);
  }
  return out;
}

function isOperatorKeyed(v: Record<string, unknown>): boolean {
  const keys = Object.keys(v);
  return keys.length > 0 && keys[0].startsWith('$');
}

/** True when equality on `v` must be field-order sensitive (it holds a subdocument). */
function containsSubdocument(v: unknown): boolean {
  if (isPlainObject(v)) return true;
  return Array.isArray(v) && v.some(containsSubdocument);
}

function setNot(out: Record<string, unknown>, cond: unknown): void {
  if ('$not' in out) throw unsupported('combination of $not/$ne/$nin on subdocuments');
  out.$not = cond;
}

function normalizeFieldCondition(value: unknown, where: string): unknown {
  if (value instanceof RegExp || value instanceof BSONRegExp) return toRegExp(value);
  if (!isPlainObject(value) || !isOperatorKeyed(value)) {
    const v = normalizeValue(value, where);
    return containsSubdocument(v) ? { $eqBson: v } : v;
  }
  const out: Record<string, unknown> = {};
  const keys = Object.keys(value);
  for (const op of keys) {
    const arg = value[op];
    if (!op.startsWith('$')) {
      throw badValue(`unknown operator: ${op} (cannot mix operators and field names in one condition)`);
    }
    if (!FIELD_OPERATORS.has(op)) throw unsupportedOperator(op);
    switch (op) {
      case '$in':
      case '$nin':
      case '$all':
        if (!Array.isArray(arg)) throw badValue(`${op} needs an array`);
        if (op === '$all' && arg.some((x) => isPlainObject(x) && isOperatorKeyed(x))) {
          throw unsupported('operator $all with $elemMatch');
        }
        {
          const list = arg.map((x) => normalizeValue(x, where));
          if (list.some(containsSubdocument)) {
            if (op === '$in') out.$inBson = list;
            else if (op === '$nin') setNot(out, { $inBson: list });
            else out.$allBson = list;
          } else {
            out[op] = list;
          }
        }
        break;
      case '$exists':
        out[op] = Boolean(arg);
        break;
      case '$size':
        if (typeof arg !== 'number' || !Number.isInteger(arg) || arg < 0) {
          throw badValue('$size needs a non-negative integer');
        }
        out[op] = arg;
        break;
      case '$regex': {
        if (typeof arg !== 'string' && !(arg instanceof RegExp) && !(arg instanceof BSONRegExp)) {
          throw badValue('$regex has to be a string or a regular expression');
        }
        const options = value.$options;
        if (options !== undefined && typeof options !== 'string') throw badValue('$options has to be a string');
        out.$regex = toRegExp(arg as string | RegExp | BSONRegExp, (options as string | undefined) ?? '');
        break;
      }
      case '$options':
        if (!('$regex' in value)) throw badValue('$options needs a $regex');
        break;
      case '$elemMatch':
        if (!isPlainObject(arg)) throw badValue('$elemMatch needs an Object');
        out[op] = isOperatorKeyed(arg) && !Object.keys(arg).some((k) => LOGICAL_OPERATORS.has(k))
          ? normalizeFieldCondition(arg, where)
          : normalizeFilter(arg, where);
        break;
      case '$not':
        if (arg instanceof RegExp || arg instanceof BSONRegExp) {
          setNot(out, toRegExp(arg));
        } else if (isPlainObject(arg) && isOperatorKeyed(arg)) {
          setNot(out, normalizeFieldCondition(arg, where));
        } else {
          throw badValue('$not needs a regex or a document');
        }
        break;
      case '$eq':
      case '$ne': {
        const v = normalizeValue(arg, where);
        if (!containsSubdocument(v)) out[op] = v;
        else if (op === '$eq') out.$eqBson = v;
        else setNot(out, { $eqBson: v });
        break;
      }
      default:
        out[op] = normalizeValue(arg, where);
    }
  }
  return out;
}

// ---------------------------------------------------------------------------
// Sort and projection
// ---------------------------------------------------------------------------

export function normalizeSort(sort: unknown): Record<string, 1 | -1> | undefined {
  if (sort === undefined || sort === null) return undefined;
  if (!isPlainObject(sort)) throw badValue('sort must be an object');
  const out: Record<string, 1 | -1> = {};
  for (const key of Object.keys(sort)) {
    const v = sort[key];
    if (isPlainObject(v)) {
      const op = Object.keys(v)[0] ?? '{}';
      throw unsupportedOperator(op.startsWith('$') ? op : `sort value ${JSON.stringify(v)}`);
    }
    const n = typeof v === 'number' ? v : v instanceof Long ? v.toNumber() : NaN;
    if (n !== 1 && n !== -1) throw badValue(`$sort key ordering must be 1 (for ascending) or -1 (for descending): ${key}`);
    out[key] = n;
  }
  return Object.keys(out).length ? out : undefined;
}

/** Adds `_id` as the last sort key so ties are broken deterministically. */
export function withIdTieBreaker(sort: Record<string, 1 | -1> | undefined): Record<string, 1 | -1> {
  const out = { ...(sort ?? {}) };
  if (!('_id' in out)) out._id = 1;
  return out;
}

export function normalizeProjection(projection: unknown): Record<string, unknown> | undefined {
  if (projection === undefined || projection === null) return undefined;
  if (!isPlainObject(projection)) throw badValue('projection must be an object');
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(projection)) {
    if (key.startsWith('$')) throw unsupportedOperator(key);
    const v = projection[key];
    if (typeof v === 'number' || typeof v === 'boolean') {
      out[key] = v ? 1 : 0;
    } else if (isPlainObject(v) && ('$slice' in v || '$elemMatch' in v)) {
      const op = Object.keys(v)[0];
      if (Object.keys(v).length !== 1) throw badValue(`projection for ${key} must have exactly one operator`);
      out[key] = op === '$elemMatch' ? { $elemMatch: normalizeFilter(v.$elemMatch, 'projection') } : v;
    } else {
      out[key] = normalizeExpression(v);
    }
  }
  return Object.keys(out).length ? out : undefined;
}

// ---------------------------------------------------------------------------
// Aggregation expressions and pipelines
// ---------------------------------------------------------------------------

export function normalizeExpression(expr: unknown): unknown {
  if (typeof expr === 'string') {
    if (expr.startsWith('$$')) {
      const name = expr.slice(2).split('.')[0];
      // system variables are upper case; user variables ($map/$filter "as") start lower case
      const ok = /^[A-Z_]+$/.test(name) ? ALLOWED_VARIABLES.has(name) : /^[a-z][A-Za-z0-9_]*$/.test(name);
      if (!ok) throw unsupported(`variable $$${name}`);
    }
    return expr;
  }
  if (Array.isArray(expr)) return expr.map(normalizeExpression);
  if (isPlainObject(expr)) {
    const keys = Object.keys(expr);
    if (keys.length >= 1 && keys[0].startsWith('$')) {
      if (keys.length !== 1) {
        throw badValue(`an expression specification must contain exactly one field, found ${keys.join(', ')}`);
      }
      const op = keys[0];
      if (op === '$literal') return { $literal: normalizeValue(expr.$literal, 'expression') };
      if (!EXPRESSION_OPERATORS.has(op)) throw unsupportedOperator(op);
      return { [op]: normalizeExpression(expr[op]) };
    }
    const out: Record<string, unknown> = {};
    for (const k of keys) {
      if (k.startsWith('$')) throw unsupportedOperator(k);
      out[k] = normalizeExpression(expr[k]);
    }
    return out;
  }
  return normalizeValue(expr, 'expression');
}

function normalizeAccumulator(field: string, spec: unknown): unknown {
  if (!isPlainObject(spec) || Object.keys(spec).length !== 1) {
    throw badValue(`The field '${field}' must be an accumulator object`);
  }
  const op = Object.keys(spec)[0];
  if (!ACCUMULATORS.has(op)) throw unsupportedOperator(op);
  if (op === '$count') {
    // { $count: {} } is sugar for { $sum: 1 }
    return { $sum: 1 };
  }
  return { [op]: normalizeExpression(spec[op]) };
}

function nonNegativeInt(stage: string, v: unknown): number {
  const n = typeof v === 'number' ? v : v instanceof Long ? v.toNumber() : NaN;
  if (!Number.isInteger(n) || n < 0) throw badValue(`invalid argument to ${stage} stage: ${String(v)}`);
  return n;
}

export interface LookupSpec { from: string; localField: string; foreignField: string; as: string }

export function normalizePipeline(pipeline: unknown, nested = false): Record<string, unknown>[] {
  if (!Array.isArray(pipeline)) throw badValue("'pipeline' option must be specified as an array");
  return pipeline.flatMap<Record<string, unknown>>((stage: unknown) => {
    if (!isPlainObject(stage) || Object.keys(stage).length !== 1) {
      throw badValue('A pipeline stage specification object must contain exactly one field.');
    }
    const name = Object.keys(stage)[0];
    const arg = stage[name];
    if (!PIPELINE_STAGES.has(name)) throw unsupported(`aggregation stage ${name}`);
    switch (name) {
      case '$match':
        return { $match: normalizeFilter(arg, '$match') };
      case '$group': {
        if (!isPlainObject(arg) || !('_id' in arg)) throw badValue("a group specification must include an _id");
        const out: Record<string, unknown> = { _id: normalizeExpression(arg._id) };
        for (const k of Object.keys(arg)) if (k !== '_id') out[k] = normalizeAccumulator(k, arg[k]);
        return { $group: out };
      }
      case '$sort': {
        const s = normalizeSort(arg);
        if (!s) throw badValue('$sort stage must have at least one sort key');
        return { $sort: withIdTieBreaker(s) };
      }
      case '$skip':
      case '$limit':
        return { [name]: nonNegativeInt(name, arg) };
      case '$project': {
        if (!isPlainObject(arg) || Object.keys(arg).length === 0) throw badValue('$project requires at least one output field');
        const out: Record<string, unknown> = {};
        for (const k of Object.keys(arg)) {
          const v = arg[k];
          out[k] = typeof v === 'number' || typeof v === 'boolean' ? (v ? 1 : 0) : normalizeExpression(v);
        }
        return { $project: out };
      }
      case '$addFields':
      case '$set': {
        if (!isPlainObject(arg)) throw badValue(`${name} specification stage must be an object`);
        const out: Record<string, unknown> = {};
        for (const k of Object.keys(arg)) out[k] = normalizeExpression(arg[k]);
        return { $addFields: out };
      }
      case '$unset': {
        const fields = typeof arg === 'string' ? [arg] : arg;
        if (!Array.isArray(fields) || !fields.every((f) => typeof f === 'string')) {
          throw badValue('$unset specification must be a string or an array of strings');
        }
        return { $project: Object.fromEntries(fields.map((f) => [f, 0])) };
      }
      case '$unwind': {
        if (typeof arg === 'string') {
          if (!arg.startsWith('$')) throw badValue('$unwind path must be prefixed with $');
          return { $unwind: arg };
        }
        if (!isPlainObject(arg) || typeof arg.path !== 'string' || !arg.path.startsWith('$')) {
          throw badValue('$unwind needs a path prefixed with $');
        }
        for (const k of Object.keys(arg)) {
          if (!['path', 'preserveNullAndEmptyArrays', 'includeArrayIndex'].includes(k)) {
            throw badValue(`unrecognized option to $unwind stage: ${k}`);
          }
        }
        return { $unwind: arg };
      }
      case '$count':
        if (typeof arg !== 'string' || !arg || arg.startsWith('$') || arg.includes('.')) {
          throw badValue('the count field must be a non-empty string without $ or .');
        }
        // like MongoDB (and unlike a bare mingo $count): no input documents → no output document
        return [{ $group: { _id: null, [arg]: { $sum: 1 } } }, { $project: { _id: 0, [arg]: 1 } }];
      case '$facet': {
        if (nested) throw badValue('$facet is not allowed to be used within a $facet stage');
        if (!isPlainObject(arg) || Object.keys(arg).length === 0) throw badValue('$facet requires at least one output field');
        const out: Record<string, unknown> = {};
        for (const k of Object.keys(arg)) out[k] = normalizePipeline(arg[k], true);
        return { $facet: out };
      }
      case '$lookup': {
        if (!isPlainObject(arg)) throw badValue('the $lookup specification must be an Object');
        for (const k of Object.keys(arg)) {
          if (k === 'pipeline' || k === 'let') throw unsupported(`$lookup option '${k}'`, 'in embedded store (only localField/foreignField)');
          if (!['from', 'localField', 'foreignField', 'as'].includes(k)) throw badValue(`unknown argument to $lookup: ${k}`);
        }
        for (const k of ['from', 'localField', 'foreignField', 'as']) {
          if (typeof arg[k] !== 'string' || !arg[k]) throw badValue(`$lookup requires '${k}' as a string`);
        }
        return { $lookup: { ...arg } };
      }
      case '$replaceRoot': {
        if (!isPlainObject(arg) || !('newRoot' in arg)) throw badValue('no newRoot specified for the $replaceRoot stage');
        return { $replaceRoot: { newRoot: normalizeExpression(arg.newRoot) } };
      }
      case '$replaceWith':
        return { $replaceRoot: { newRoot: normalizeExpression(arg) } };
    }
    throw unsupported(`aggregation stage ${name}`);
  });
}

// ---------------------------------------------------------------------------
// Updates
// ---------------------------------------------------------------------------

export type NormalizedUpdate =
  | { kind: 'replacement'; doc: Record<string, unknown> }
  | { kind: 'operators'; ops: Record<string, Record<string, unknown>> };

export function normalizeUpdate(update: unknown): NormalizedUpdate {
  if (Array.isArray(update)) throw unsupported('update pipeline', 'in embedded store (use update operators)');
  if (!isPlainObject(update)) throw badValue('update must be an object');
  const keys = Object.keys(update);
  const dollar = keys.filter((k) => k.startsWith('$'));
  if (dollar.length === 0) return { kind: 'replacement', doc: normalizeDocument(update, 'replacement document') };
  if (dollar.length !== keys.length) {
    throw new CommandError(ErrorCodes.FailedToParse, 'Update document cannot mix operators and plain fields');
  }
  const ops: Record<string, Record<string, unknown>> = {};
  const seenPaths: string[] = [];
  for (const op of keys) {
    if (!UPDATE_OPERATORS.has(op)) throw unsupportedOperator(op);
    const spec = update[op];
    if (!isPlainObject(spec)) {
      throw new CommandError(ErrorCodes.FailedToParse, `Modifiers operate on fields but we found type ${typeof spec} instead. For example: {$mod: {<field>: ...}} not {${op}: ${String(spec)}}`);
    }
    const out: Record<string, unknown> = {};
    for (const path of Object.keys(spec)) {
      checkUpdatePath(path);
      const arg = spec[path];
      switch (op) {
        case '$inc':
        case '$mul':
          if (!isNumeric(arg)) {
            throw new CommandError(ErrorCodes.TypeMismatch, `Cannot ${op === '$inc' ? 'increment' : 'multiply'} with non-numeric argument: {${path}: ${JSON.stringify(arg)}}`);
          }
          out[path] = arg instanceof Long ? arg.toNumber() : arg;
          break;
        case '$pop':
          if (arg !== 1 && arg !== -1) throw badValue(`$pop expects 1 or -1, found: ${String(arg)}`);
          out[path] = arg;
          break;
        case '$rename':
          if (typeof arg !== 'string' || !arg) throw badValue(`The 'to' field for $rename must be a string: ${path}`);
          checkUpdatePath(arg);
          seenPaths.push(arg);
          out[path] = arg;
          break;
        case '$pullAll':
          if (!Array.isArray(arg)) throw badValue(`$pullAll requires an array argument but was given ${typeof arg}`);
          out[path] = normalizeValue(arg, '$pullAll');
          break;
        case '$push':
        case '$addToSet':
          out[path] = normalizeArrayAdd(op, path, arg);
          break;
        case '$pull':
          if (isPlainObject(arg)) {
            out[path] = isOperatorKeyed(arg) ? normalizeFieldCondition(arg, '$pull') : normalizeFilter(arg, '$pull');
          } else {
            out[path] = normalizeFieldCondition(arg, '$pull');
          }
          break;
        default:
          out[path] = normalizeValue(arg, `${op} value`);
          if (op !== '$unset' && isPlainObject(arg)) {
            for (const k of Object.keys(arg)) {
              if (k.startsWith('$')) throw badValue(`The dollar ($) prefixed field '${k}' in '${path}.${k}' is not allowed in the context of an update's replacement document.`);
            }
          }
      }
      seenPaths.push(path);
    }
    ops[op] = out;
  }
  checkConflicts(seenPaths);
  return { kind: 'operators', ops };
}

function isNumeric(v: unknown): boolean {
  return (typeof v === 'number' && Number.isFinite(v)) || v instanceof Long;
}

function checkUpdatePath(path: string): void {
  if (!path) throw badValue('An empty update path is not valid.');
  for (const seg of path.split('.')) {
    if (seg === '') throw badValue(`The update path '${path}' contains an empty field name, which is not allowed.`);
    if (seg.startsWith('$[')) throw unsupported(`positional operator ${seg}`, 'in embedded store (arrayFilters are not supported)');
    if (seg.startsWith('$') && seg !== '$') throw unsupportedOperator(seg);
  }
}

function normalizeArrayAdd(op: string, path: string, arg: unknown): unknown {
  if (isPlainObject(arg) && '$each' in arg) {
    const allowed = op === '$push' ? ['$each', '$position', '$slice', '$sort'] : ['$each'];
    for (const k of Object.keys(arg)) {
      if (!allowed.includes(k)) {
        if (k.startsWith('$')) throw unsupported(`modifier ${k} for ${op}`);
        throw badValue(`Unrecognized clause in ${op}: ${k}`);
      }
    }
    if (!Array.isArray(arg.$each)) throw badValue(`The argument to $each in ${op} must be an array but it was of type: ${typeof arg.$each}`);
    const out: Record<string, unknown> = { $each: normalizeValue(arg.$each, op) };
    if ('$position' in arg) {
      if (!Number.isInteger(arg.$position)) throw badValue('The value for $position must be an integer value');
      out.$position = arg.$position;
    }
    if ('$slice' in arg) {
      if (!Number.isInteger(arg.$slice)) throw badValue('The value for $slice must be an integer value');
      out.$slice = arg.$slice;
    }
    if ('$sort' in arg) {
      const s = arg.$sort;
      if (s === 1 || s === -1) out.$sort = s;
      else out.$sort = normalizeSort(s);
    }
    return out;
  }
  if (isPlainObject(arg)) {
    for (const k of Object.keys(arg)) {
      if (k.startsWith('$')) throw unsupported(`modifier ${k} for ${op}`);
    }
  }
  return { $each: [normalizeValue(arg, op)] };
}

function checkConflicts(paths: string[]): void {
  const norm = paths.map((p) => p.split('.').filter((s) => s !== '$').join('.'));
  for (let i = 0; i < norm.length; i++) {
    for (let j = i + 1; j < norm.length; j++) {
      const a = norm[i];
      const b = norm[j];
      if (a === b || a.startsWith(b + '.') || b.startsWith(a + '.')) {
        throw new CommandError(ErrorCodes.ConflictingUpdateOperators, `Updating the path '${paths[j]}' would create a conflict at '${paths[i]}'`);
      }
    }
  }
}

/** Command options that have no faithful implementation here. */
export function rejectUnsupportedOptions(cmd: Record<string, unknown>, names: string[]): void {
  for (const name of names) {
    if (cmd[name] !== undefined && cmd[name] !== null) {
      throw unsupported(`option '${name}'`);
    }
  }
}
