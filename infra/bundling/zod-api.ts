/**
 * Build-time only (see tsconfig.lambda.json): zod's classic API as the Lambdas use it, without the
 * parts no Lambda calls at run time. Shared schemas write `import { z } from 'zod'`; that `z` is a
 * namespace object, so a bundler keeps every export it holds, and zod's holds all 60+ locales
 * (`z.locales`), the JSON Schema tools and the compiler (~450 KB minified). A local export shadows
 * `export *` of the same name (ECMAScript), so the namespace built from this module holds everything
 * zod exports but these. English messages stay: zod's own entry configures them.
 */
export * from 'zod/v4';

// What a Lambda bundle leaves out (test/infra/lambda-bundles.test.ts lists the same names). Using one
// of these in Lambda code throws at once, naming it, instead of failing somewhere later.
function leftOut(name: string): never {
  return new Proxy(() => undefined, {
    get: () => fail(name),
    apply: () => fail(name),
  }) as never;
}

function fail(name: string): never {
  throw new Error(`zod's ${name} is left out of Lambda bundles (infra/bundling/zod-api.ts)`);
}

export const z = leftOut('z');
export const core = leftOut('core');
export const locales = leftOut('locales');
export const toJSONSchema = leftOut('toJSONSchema');
export const fromJSONSchema = leftOut('fromJSONSchema');
export const compile = leftOut('compile');
export const withParser = leftOut('withParser');
