/**
 * The measurement of docs/benchmarks.md's tenth round only: zod's names that shared/ and lambdas/ read
 * at run time (`z.object`, `z.ZodError`, …; types such as `z.infer` need none), as the smaller entry
 * of zod's bundle apart that `bench/api-zod-first-use.ts` measures beside the whole one. Not what
 * any Lambda takes: a name used later and missing here would be undefined in the bundle only.
 */
export {
  ZodDefault,
  ZodError,
  ZodObject,
  ZodOptional,
  ZodString,
  ZodType,
  array,
  boolean,
  coerce,
  discriminatedUnion,
  email,
  enum,
  intersection,
  iso,
  literal,
  number,
  object,
  record,
  string,
  union,
  unknown,
} from './zod-entry';
