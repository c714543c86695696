/**
 * zod/mini as the browser shares it (tools/federation/shared.mjs): contracts and the api-client
 * in the shell and in every remote use one copy per page instead of one per build. Federation
 * bundles a shared module whole, and all of zod/mini is ~80 KB gzip, so this module re-exports
 * only the functions browser code calls (~9 KB gzip), like @croft/router does for react-router.
 * shared.test.ts fails when browser code calls a zod/mini function missing here.
 */
export {
  array,
  boolean,
  catch,
  enum,
  gte,
  int,
  literal,
  looseObject,
  lte,
  maxLength,
  maximum,
  minLength,
  minimum,
  null,
  nullable,
  number,
  object,
  optional,
  record,
  refine,
  regex,
  safeParse,
  strictObject,
  string,
  toLowerCase,
  trim,
  undefined,
  union,
  unknown,
} from 'zod/v4/mini';
