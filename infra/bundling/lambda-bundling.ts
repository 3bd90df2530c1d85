import * as path from 'node:path';
import type { BuildOptions } from 'esbuild';

/**
 * How every Lambda is bundled, declared once: RaincheckFunction hands these to NodejsFunction, and the
 * bundle-size test and `bench/lambda-bundles.ts` build with `esbuildOptionsFor`, which turns them into
 * the esbuild options NodejsFunction passes (the test checks that both give the same bytes).
 */
export const LAMBDA_BUNDLING = {
  /** Node.js 22 on Lambda (LAMBDA_RUNTIME); esbuild targets the same version. */
  target: 'node22',
  format: 'cjs',
  minify: true,
  sourceMap: true,
  // Stack traces need file and line numbers, not the sources themselves: keeps the map small.
  sourcesContent: false,
  // The map is read when the first stack trace is formatted, not at load (ADR 0014): Lambdas run without
  // `--enable-source-maps`, which parsed the whole map during every cold start (13–40 ms).
  inject: ['./lambdas/adapters/observability/stack-traces.inject.ts'],
  // The runtime's own AWS SDK v3 is used (what NodejsFunction leaves out by default for Node 18+ with
  // the `sdkV3ExcludeSmithyPackages` flag); written out so the size test builds exactly the same.
  externalModules: ['@aws-sdk/*', '@smithy/*'],
  // Phone numbers: the shared schema imports libphonenumber-js's small metadata (the SPA's); on the
  // server it is the full set, one copy shared with lambdas/core/sms/phone-numbers.ts (issue 21).
  // pdfkit (the reports Lambda): its ESM build finds a data file from `import.meta.url`, which is empty
  // in a CommonJS bundle, so the Lambda would fail at init; its CommonJS build uses `__filename`.
  // Both entries resolve to a module that reads the full metadata on the first phone number, not at
  // load (lambdas/adapters/phone/libphonenumber-on-first-use.ts; issue 26 item 8).
  alias: {
    'libphonenumber-js/min': './lambdas/adapters/phone/libphonenumber-on-first-use.ts',
    'libphonenumber-js/max': './lambdas/adapters/phone/libphonenumber-on-first-use.ts',
    pdfkit: './node_modules/pdfkit/js/pdfkit.js',
    // date-holidays' own ES modules rather than the CommonJS build a `require` would take (~100 KB
    // more): the holidays Lambda requires it on the first lookup (date-holidays.presets.ts), and
    // esbuild wraps what is required so that it is evaluated then, not at load.
    'date-holidays': './node_modules/date-holidays/src/index.js',
  },
  // No zod mapping: shared/ and lambdas/ import zod as a namespace (`import * as z from 'zod'`), so
  // esbuild leaves out its locales but English (test/infra/lambda-bundles.test.ts fails otherwise).
} as const;

/**
 * NODE_OPTIONS of every Lambda: none. Not `--enable-source-maps`, which read and parsed the bundle's
 * whole map during every cold start; each bundle maps its own traces (`inject` above, ADR 0014). The
 * bench runs the bundles with the same options.
 */
export const LAMBDA_NODE_OPTIONS: string = '';

/** The esbuild options NodejsFunction (local bundling) derives from LAMBDA_BUNDLING, for `entry`. */
export function esbuildOptionsFor(projectRoot: string, entry: string, outfile: string): BuildOptions {
  return {
    entryPoints: [path.resolve(projectRoot, entry)],
    bundle: true,
    platform: 'node',
    target: LAMBDA_BUNDLING.target,
    format: LAMBDA_BUNDLING.format,
    minify: LAMBDA_BUNDLING.minify,
    sourcemap: LAMBDA_BUNDLING.sourceMap,
    sourcesContent: LAMBDA_BUNDLING.sourcesContent,
    external: [...LAMBDA_BUNDLING.externalModules],
    inject: [...LAMBDA_BUNDLING.inject],
    alias: { ...LAMBDA_BUNDLING.alias },
    absWorkingDir: projectRoot,
    outfile,
    metafile: true,
    logLevel: 'error',
  };
}
