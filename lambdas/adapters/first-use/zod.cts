/**
 * `zod` in a Lambda that bundles it apart (FIRST_USE_IMPORTS in infra/bundling/lambda-bundling.ts):
 * its code is parsed and evaluated by the first request that builds a schema (schemas are built on
 * first use, shared/built-on-first-use.ts), not at every cold start (issue 26 item 8).
 *
 * CommonJS, with `require` rather than `import`: esbuild links `import * as z from 'zod'` to an ES
 * module's bindings, so each of zod's names would be read at load, and an `import` here would make
 * this file an ES module to esbuild (and `module` the bundle's own). Each importer takes a CommonJS
 * module as an object made on its prototype (esbuild's `__toESM`) with a getter per own property of
 * `module.exports`: zod's ~260 names as own getters cost ~40 importers 10,000 getters at every cold
 * start, so the exports own nothing and their prototype answers every name from zod, required on the
 * first read. Only bundles take this file (under tsx `zod` is zod), so `require` exists here.
 */

let zod: object | undefined;
// eslint-disable-next-line @typescript-eslint/no-require-imports -- required on first use (above)
const loaded = () => (zod ??= require('zod.on-first-use') as object);

module.exports = Object.create(new Proxy({}, { get: (_, name) => Reflect.get(loaded(), name) }));
