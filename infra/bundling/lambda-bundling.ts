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
  // Both entries resolve to a module that reads the full metadata on the first phone number, not at
  // load (lambdas/adapters/phone/libphonenumber-on-first-use.ts; issue 26 item 8).
  alias: {
    'libphonenumber-js/min': './lambdas/adapters/phone/libphonenumber-on-first-use.ts',
    'libphonenumber-js/max': './lambdas/adapters/phone/libphonenumber-on-first-use.ts',
    // A Lambda that bundled pdfkit or date-holidays rather than taking them apart (FIRST_USE_PACKAGES)
    // would take these builds, for the reasons given there.
    pdfkit: './node_modules/pdfkit/js/pdfkit.js',
    'date-holidays': './node_modules/date-holidays/src/index.js',
    // zod: its own entry but the locales (258 KB parsed at every cold start where a dependency takes
    // `z` whole as a value: @hono/zod-openapi in the public API; issue 26 item 8). An alias also maps
    // the subpaths under it, so the one subpath a Lambda imports, `zod/mini`, is named to stay zod's.
    zod: './lambdas/adapters/zod/zod-entry.ts',
    'zod/mini': './node_modules/zod/mini/index.js',
    // zod's locales by name, so that a zod/mini schema wording its issues as the classic API does can
    // take English (the others are shaken out). No Lambda does since the config and the Stripe secret
    // are read without zod (issue 26 item 8, seventh round); without the alias the name would resolve
    // under zod's own alias above, to nothing.
    'zod/v4/locales': './node_modules/zod/v4/locales/index.js',
    // jsonschema: what ElectroDB checks an entity's model with as it builds the entity. Our models are
    // static and checked with the real jsonschema in a unit test; the bundles take a module that accepts
    // them (28 KB less parsed at every cold start of a table Lambda, and no check per entity built).
    jsonschema: './lambdas/adapters/jsonschema/models-checked-in-tests.ts',
    // ElectroDB: its own entry but `Service`, which Raincheck never builds (19 KB). The alias maps the
    // subpaths under it too, so the one file our code requires by name stays ElectroDB's.
    electrodb: './lambdas/adapters/electrodb/electrodb-without-service.ts',
    'electrodb/src/errors': './node_modules/electrodb/src/errors.js',
  },
} as const;

/**
 * NODE_OPTIONS of every Lambda: none. Not `--enable-source-maps`, which read and parsed the bundle's
 * whole map during every cold start; each bundle maps its own traces (`inject` above, ADR 0014). The
 * bench runs the bundles with the same options. A Lambda's own flags for its work (not its load) are
 * its entry's `nodeOptions` (infra/lambda-entries.ts).
 */
export const LAMBDA_NODE_OPTIONS: string = '';

/**
 * Packages a Lambda requires on first use (`requiredOnFirstUse`) that are each bundled into a file of
 * their own, `node_modules/<package>/index.js` beside the Lambda's bundle, where its literal `require`
 * finds them: V8 parses every byte of a bundle before running a line of it, so inside the bundle they
 * cost every cold start their parse (holidays ~25 ms, reports ~18 ms) though only a holiday lookup or a
 * PDF needs them (issue 26 item 8). A Lambda names the ones it takes this way in its entry
 * (`LambdaEntry.firstUsePackages`); test/infra/lambda-bundles.test.ts checks that nothing else is left
 * outside a bundle. The value is the file the package's bundle starts from:
 * - pdfkit: its CommonJS build; its ESM build finds a data file from `import.meta.url`, empty in a
 *   CommonJS bundle (the Lambda would fail).
 * - date-holidays: its own ES modules rather than the CommonJS build a `require` would take (~100 KB
 *   more).
 * - fflate: its Node build, as a `require` resolves it.
 * - libphonenumber-js's full metadata (191 KB of object literal; lambdas/adapters/phone/
 *   libphonenumber-on-first-use.ts reads it on the first phone number): the api's and the public API's.
 */
export const FIRST_USE_PACKAGES = {
  pdfkit: './node_modules/pdfkit/js/pdfkit.js',
  'date-holidays': './node_modules/date-holidays/src/index.js',
  fflate: './node_modules/fflate/lib/node.cjs',
  'libphonenumber-js/metadata.max.json': './node_modules/libphonenumber-js/metadata.max.json',
  // Packages our code imports by their own name (FIRST_USE_IMPORTS).
  'fast-xml-parser.on-first-use': './node_modules/fast-xml-parser/src/fxp.js',
  'papaparse.on-first-use': './node_modules/papaparse/papaparse.js',
  '@photostructure/tz-lookup.on-first-use': './node_modules/@photostructure/tz-lookup/tz.js',
  'sms-segments-calculator.on-first-use': './node_modules/sms-segments-calculator/dist/index.js',
  // Stripe's ES module Node build, the one `import Stripe from 'stripe'` took inside the bundles until
  // now, rather than the CommonJS one a `require` resolves to: the same SDK, but esbuild hoists ES
  // modules into one scope where it wraps each of the CommonJS build's ~220 files in a function of its
  // own, so that one bundles to 293 KB against 241 KB and costs twice the CPU to require (9.8 against
  // 4.5 ms; docs/benchmarks.md, "ninth round"). Bundled as CommonJS it exports the client class as
  // `default` (lambdas/adapters/first-use/stripe.ts).
  'stripe.on-first-use': './node_modules/stripe/esm/stripe.esm.node.js',
} as const;

export type FirstUsePackage = keyof typeof FIRST_USE_PACKAGES;

/**
 * Packages that shared/ and lambdas/core import by their own name (the SPA and the tests take them so),
 * each used by few routes: in a Lambda that takes `<package>.on-first-use` apart, `import … from
 * '<package>'` resolves to a module of the same exports that requires that bundle on first use
 * (lambdas/adapters/first-use/). The bundle apart has its own name because an esbuild alias also maps
 * every path under the name it replaces, the module's own `require` of the package included.
 * - fast-xml-parser (63 KB): a brand's SVG logo check only.
 * - papaparse (21 KB): the workers' CSV import only.
 * - @photostructure/tz-lookup (72 KB): a jobsite's timezone from its point, on jobsite writes only.
 * - sms-segments-calculator (36 KB with grapheme-splitter): since shared/sms-segments.ts counts
 *   segments itself, only a UCS-2 text whose characters may join one grapheme needs it, in every
 *   Lambda that sends texts (the dispatch's too).
 * - stripe (~240 KB): lambdas/adapters/stripe/stripe.client.ts makes the client once the keys are
 *   loaded, on the first request that calls Stripe; billing's and checkout's other routes (the
 *   subscription page, the password-change notice, the guest email token read, every refused body)
 *   never do. Not stripe-webhook: every webhook request verifies its signature with the SDK.
 */
export const FIRST_USE_IMPORTS: Partial<Record<FirstUsePackage, { imported: string; module: string }>> = {
  'fast-xml-parser.on-first-use': {
    imported: 'fast-xml-parser',
    module: './lambdas/adapters/first-use/fast-xml-parser.ts',
  },
  'papaparse.on-first-use': { imported: 'papaparse', module: './lambdas/adapters/first-use/papaparse.ts' },
  '@photostructure/tz-lookup.on-first-use': {
    imported: '@photostructure/tz-lookup',
    module: './lambdas/adapters/first-use/tz-lookup.ts',
  },
  'sms-segments-calculator.on-first-use': {
    imported: 'sms-segments-calculator',
    module: './lambdas/adapters/first-use/sms-segments-calculator.ts',
  },
  'stripe.on-first-use': { imported: 'stripe', module: './lambdas/adapters/first-use/stripe.ts' },
};

/**
 * Where a first-use package's bundle lies, relative to the Lambda's bundle folder: Node resolves
 * `require('<package>')` (and a file of a package, `require('<package>/<file>')`) to its `index.js`;
 * a JSON file is copied as it is (Node's JSON.parse on the first `require` beats a JS literal's parse).
 */
export const firstUseBundlePath = (pkg: FirstUsePackage) =>
  pkg.endsWith('.json') ? `node_modules/${pkg}` : `node_modules/${pkg}/index.js`;

/**
 * The aliases of a Lambda that bundles `firstUse` apart: none for a package bundled apart (an alias
 * would pull it back into the bundle), and the first-use module for each package its code imports by
 * name (FIRST_USE_IMPORTS).
 */
export function aliasWithout(firstUse: readonly FirstUsePackage[]): Record<string, string> {
  const apart = firstUse as readonly string[];
  return {
    ...Object.fromEntries(Object.entries(LAMBDA_BUNDLING.alias).filter(([from]) => !apart.includes(from))),
    ...Object.fromEntries(
      firstUse.flatMap((pkg) => {
        const byName = FIRST_USE_IMPORTS[pkg];
        return byName ? [[byName.imported, byName.module]] : [];
      }),
    ),
  };
}

/** What every bundle of a Lambda is built with, the Lambda's own and its first-use packages'. */
function bundlingOptions(projectRoot: string): BuildOptions {
  return {
    bundle: true,
    platform: 'node',
    target: LAMBDA_BUNDLING.target,
    format: LAMBDA_BUNDLING.format,
    minify: LAMBDA_BUNDLING.minify,
    sourcemap: LAMBDA_BUNDLING.sourceMap,
    sourcesContent: LAMBDA_BUNDLING.sourcesContent,
    absWorkingDir: projectRoot,
    metafile: true,
    logLevel: 'error',
  };
}

/**
 * The esbuild options NodejsFunction (local bundling) derives from LAMBDA_BUNDLING, for `entry`, with
 * `firstUse` packages left out of it (bundled apart by `firstUseBundleOptions`).
 */
export function esbuildOptionsFor(
  projectRoot: string,
  entry: string,
  outfile: string,
  firstUse: readonly FirstUsePackage[] = [],
): BuildOptions {
  return {
    entryPoints: [path.resolve(projectRoot, entry)],
    ...bundlingOptions(projectRoot),
    external: [...LAMBDA_BUNDLING.externalModules, ...firstUse],
    inject: [...LAMBDA_BUNDLING.inject],
    alias: aliasWithout(firstUse),
    outfile,
  };
}

/** The esbuild options of a first-use package's own bundle, into the Lambda's bundle folder `bundleDir`. */
export function firstUseBundleOptions(
  projectRoot: string,
  pkg: FirstUsePackage,
  bundleDir: string,
): BuildOptions {
  return {
    entryPoints: [path.resolve(projectRoot, FIRST_USE_PACKAGES[pkg])],
    ...bundlingOptions(projectRoot),
    external: [...LAMBDA_BUNDLING.externalModules],
    ...(pkg.endsWith('.json') ? { loader: { '.json': 'copy' as const } } : {}),
    outfile: path.join(bundleDir, firstUseBundlePath(pkg)),
  };
}

/**
 * The same build as `firstUseBundleOptions`, as the shell command the construct runs after
 * NodejsFunction has bundled the Lambda (its `afterBundling` hook; `inputDir` is the project root).
 */
export function firstUseBundleCommand(pkg: FirstUsePackage, inputDir: string, outputDir: string): string {
  const args = [
    FIRST_USE_PACKAGES[pkg],
    '--bundle',
    '--platform=node',
    `--target=${LAMBDA_BUNDLING.target}`,
    `--format=${LAMBDA_BUNDLING.format}`,
    ...(LAMBDA_BUNDLING.minify ? ['--minify'] : []),
    ...(LAMBDA_BUNDLING.sourceMap ? ['--sourcemap'] : []),
    `--sources-content=${String(LAMBDA_BUNDLING.sourcesContent)}`,
    ...LAMBDA_BUNDLING.externalModules.map((m) => `--external:${m}`),
    ...(pkg.endsWith('.json') ? ['--loader:.json=copy'] : []),
    `--outfile=${path.join(outputDir, firstUseBundlePath(pkg))}`,
    '--log-level=error',
  ];
  return `cd "${inputDir}" && "${path.join(inputDir, 'node_modules/.bin/esbuild')}" ${args.map((a) => `"${a}"`).join(' ')}`;
}
