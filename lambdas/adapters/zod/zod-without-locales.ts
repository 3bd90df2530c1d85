/**
 * zod as Lambda bundles resolve `zod` (infra/bundling/lambda-bundling.ts): zod 4's own entry,
 * `zod/v4/classic/external.js`, line for line but `export * as locales` (issue 26 item 8). A dependency
 * that takes zod's `z` namespace as a value (@hono/zod-openapi extends it, so the public API's bundle)
 * makes esbuild keep every export of it, and that line alone put all 50 locales, 258 KB, in the bytes
 * every cold start parses, though nothing reads them. English stays: zod's `config(en())` runs in its
 * core, and the `/v1` tests read its messages. test/infra/zod-without-locales.test.ts checks that this
 * module exports exactly what zod exports but `locales`, so a zod upgrade that adds a line fails there.
 */
export * as core from './zod-core-without-locales';
export * from '../../../node_modules/zod/v4/classic/schemas.js';
export * from '../../../node_modules/zod/v4/classic/checks.js';
export * from '../../../node_modules/zod/v4/classic/errors.js';
export * from '../../../node_modules/zod/v4/classic/parse.js';
export * from '../../../node_modules/zod/v4/classic/compat.js';
export {
  globalRegistry,
  registry,
  config,
  memoizer,
  $output,
  $input,
  $brand,
  clone,
  regexes,
  treeifyError,
  prettifyError,
  formatError,
  flattenError,
  TimePrecision,
  util,
  NEVER,
  INVALID,
  toZod,
  compile,
  withParser,
  ZodCompileAsyncError,
  ZodCompileUnsupportedError,
  getDiscriminatedOption,
} from '../../../node_modules/zod/v4/core/index.js';
export { toJSONSchema } from '../../../node_modules/zod/v4/core/json-schema-processors.js';
export { fromJSONSchema } from '../../../node_modules/zod/v4/classic/from-json-schema.js';
export { deepPartial } from '../../../node_modules/zod/v4/classic/deep-partial.js';
export { input, output } from '../../../node_modules/zod/v4/classic/in-out.js';
export {
  ZodISODateTime,
  ZodISODate,
  ZodISOTime,
  ZodISODuration,
} from '../../../node_modules/zod/v4/classic/iso.js';
export * as iso from '../../../node_modules/zod/v4/classic/iso.js';
export * as coerce from '../../../node_modules/zod/v4/classic/coerce.js';
