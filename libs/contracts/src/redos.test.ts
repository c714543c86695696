// Every string field of every exported schema gets pathological input up to the request body
// limit (~100 kB), and no single parse may take more than 50 ms (best of 3 timings, so a busy
// machine does not flake it; the real bound is algorithmic: quadratic backtracking on 100 kB
// takes seconds). The fields are found by walking the zod mini definitions, so a new field or
// pattern is covered without touching this file.
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import * as contracts from './index';

interface Def {
  type: string;
  [key: string]: unknown;
}
type Schema = { _zod: { def: Def } };

interface StringField {
  schema: Schema;
  /** Every place the schema was reached from, e.g. `sendOtpBodySchema.email`. */
  paths: string[];
  patterns: RegExp[];
}

const isSchema = (value: unknown): value is Schema =>
  typeof value === 'object' && value !== null && '_zod' in value && typeof (value as Schema)._zod?.def?.type === 'string';

function patternsOf(def: Def): RegExp[] {
  const checks = (def.checks as Schema[] | undefined) ?? [];
  return checks.map((check) => (check._zod.def as { pattern?: unknown }).pattern).filter((p): p is RegExp => p instanceof RegExp);
}

function walkSchemas(roots: Record<string, unknown>): Map<Schema, StringField> {
  const fields = new Map<Schema, StringField>();
  const visiting = new Set<Schema>();
  const walk = (schema: unknown, path: string): void => {
    if (!isSchema(schema) || visiting.has(schema)) return;
    const def = schema._zod.def;
    if (def.type === 'string') {
      const known = fields.get(schema);
      if (known) known.paths.push(path);
      else fields.set(schema, { schema, paths: [path], patterns: patternsOf(def) });
      return;
    }
    visiting.add(schema);
    const children: [unknown, string][] = [];
    switch (def.type) {
      case 'object':
        for (const [key, child] of Object.entries(def.shape as Record<string, unknown>)) children.push([child, `${path}.${key}`]);
        children.push([def.catchall, `${path}.*`]);
        break;
      case 'array':
        children.push([def.element, `${path}[]`]);
        break;
      case 'union':
        (def.options as unknown[]).forEach((option, i) => children.push([option, `${path}|${i}`]));
        break;
      case 'intersection':
        children.push([def.left, path], [def.right, path]);
        break;
      case 'record':
      case 'map':
        children.push([def.keyType, `${path}{key}`], [def.valueType, `${path}{value}`]);
        break;
      case 'tuple':
        (def.items as unknown[]).forEach((item, i) => children.push([item, `${path}[${i}]`]));
        children.push([def.rest, `${path}[...]`]);
        break;
      case 'pipe':
        children.push([def.in, path], [def.out, path]);
        break;
      case 'lazy':
        children.push([(def.getter as () => unknown)(), path]);
        break;
      default:
        if ('innerType' in def) children.push([def.innerType, path]); // optional, nullable, default, readonly, catch…
    }
    for (const [child, childPath] of children) walk(child, childPath);
    visiting.delete(schema);
  };
  for (const [name, value] of Object.entries(roots)) walk(value, name);
  return fields;
}

const fields = [...walkSchemas(contracts).values()];
const withPatterns = fields.filter((f) => f.patterns.length > 0);
/** A bare z.string() runs no code on the text; every field with a check (regex, refine, length) is timed. */
const checked = fields.filter((f) => ((f.schema._zod.def.checks as unknown[] | undefined) ?? []).length > 0);
const requestPaths = (f: StringField) => f.paths.filter((p) => /^[A-Za-z]+(Body|Request|Query|Params)Schema\b/.test(p));

/** ~ the JSON body limit (100 kB) less the rest of the body. */
const LENGTH = 100_000;
const LIMIT_MS = 50;

/** The literal characters a pattern mentions (what sits around its quantifiers), plus a few usual suspects. */
function alphabetOf(patterns: RegExp[]): string[] {
  const chars = new Set(['a', '0', ' ', '.', '@', '-', '\n']);
  for (const pattern of patterns) {
    const source = pattern.source
      .replace(/\\[sS]/g, ' ')
      .replace(/\\[dD]/g, '0')
      .replace(/\\[wW]/g, 'a')
      .replace(/\\[pP]\{[^}]*\}/g, 'a')
      .replace(/\\(.)/g, '$1');
    for (const char of source) if (char >= ' ' && char <= '~' && !'^$|?*+{}[]()'.includes(char)) chars.add(char);
    // Metacharacters that appear literally in a class (e.g. `[0-9 +\-()]`) are suspects too.
    for (const match of pattern.source.matchAll(/\\([^A-Za-z0-9])/g)) chars.add(match[1]);
    for (const match of pattern.source.matchAll(/\[([^\]]*)\]/g)) for (const char of match[1]) if (char >= ' ' && char <= '~') chars.add(char);
  }
  return [...chars].filter((c) => c !== '\\');
}

/** Long repeats of each character and pair, after short prefixes and before a failing end. */
function* pathologicalInputs(patterns: RegExp[]): Generator<string> {
  const alphabet = alphabetOf(patterns);
  // A letter then a delimiter gets past a leading part (the reproduction: 'a@' + '.'.repeat(n) + '@').
  const prefixes = ['', 'a', ...alphabet.filter((c) => !/[A-Za-z0-9]/.test(c)).map((c) => `a${c}`)];
  const ends = ['', ...alphabet];
  for (const body of alphabet) {
    for (const prefix of prefixes) {
      for (const end of ends) yield prefix + body.repeat(LENGTH - prefix.length - end.length) + end;
    }
  }
  for (const first of alphabet) {
    for (const second of alphabet) {
      if (first !== second) yield `${first}${second}`.repeat(LENGTH / 2);
    }
  }
  yield `${' '.repeat(LENGTH - 1)}x`;
  yield `a@${'.'.repeat(LENGTH - 3)}@`;
  yield `${'a@'.repeat(LENGTH / 2)}`;
}

function slowest(schema: Schema, input: string): number {
  const time = () => {
    const start = performance.now();
    z.safeParse(schema as unknown as z.ZodMiniType, input);
    return performance.now() - start;
  };
  let best = time();
  for (let i = 1; i < 3 && best > LIMIT_MS; i += 1) best = Math.min(best, time());
  return best;
}

describe('no request pattern backtracks super-linearly (ReDoS)', () => {
  it('the walker finds the string fields of the exported schemas', () => {
    expect(fields.length).toBeGreaterThan(60);
    expect(checked.length).toBeGreaterThan(40);
    expect(withPatterns.length).toBeGreaterThan(20);
    // Pattern-checked fields of the identity, venue and newsletter requests are among them.
    const paths = withPatterns.flatMap((f) => f.paths);
    for (const path of ['verifyOtpBodySchema.token', 'enrollFactorBodySchema.issuer', 'bookingRequestSchema.time', 'subscribeRequestSchema.phone']) {
      expect(paths).toContain(path);
    }
  });

  it('every email field of a request uses the one shared email schema', () => {
    const emailFields = fields.filter((f) => requestPaths(f).some((p) => /email/i.test(p.slice(p.indexOf('.')))));
    const shared = emailFields.find((f) => f.schema === (contracts as Record<string, unknown>).emailSchema);
    expect(shared, 'contracts exports emailSchema').toBeDefined();
    const sharedPaths = requestPaths(shared!);
    for (const path of [
      'sendOtpBodySchema.email',
      'verifyOtpBodySchema.email',
      'isEmailDomainAllowedBodySchema.email',
      'secretKitchenAccessBodySchema.user_email',
      'createPasskeySessionBodySchema.email',
      'subscribeRequestSchema.email',
      'memberCheckRequestSchema.email',
      'bookingRequestSchema.email',
      'commonGoodMessageRequestSchema.email',
    ]) {
      expect(sharedPaths).toContain(path);
    }
    // Membership links take the raw text (a malformed address is 400 invalid_email, spec 001 §7)
    // and identity checks it with the same canonicalEmail; every other email field is the shared one.
    const others = emailFields
      .filter((f) => f !== shared)
      .flatMap(requestPaths)
      .filter((p) => !/^(startLink|verifyLink)BodySchema\.email$/.test(p));
    expect(others).toEqual([]);
  });

  it.each(checked.map((f) => [f.paths[0], f] as const))('%s stays under 50 ms per parse', (_path, field) => {
    for (const input of pathologicalInputs(field.patterns)) {
      const ms = slowest(field.schema, input);
      if (ms > LIMIT_MS) {
        expect.fail(
          `${field.paths.join(', ')}: ${ms.toFixed(0)} ms on ${JSON.stringify(input.slice(0, 12))}… (${input.length} chars) ` +
            `with ${field.patterns.map(String).join(' ')}`,
        );
      }
    }
  }, 300_000);
});
