import * as fs from 'node:fs';
import { isBuiltin } from 'node:module';
import * as os from 'node:os';
import * as path from 'node:path';
import * as zlib from 'node:zlib';
import { App, Stack } from 'aws-cdk-lib';
import * as esbuild from 'esbuild';
import {
  esbuildOptionsFor,
  firstUseBundleOptions,
  firstUseBundlePath,
  LAMBDA_BUNDLING,
} from '../../infra/bundling/lambda-bundling';
import { LAMBDA_ENTRIES, type LambdaEntry } from '../../infra/lambda-entries';
import { RaincheckFunction } from '../../infra/constructs/raincheck-function.construct';
import { createBillingApp, SUBSCRIPTION_ROUTES } from '../../lambdas/billing/app';
import { LAMBDA_BUNDLE_BUDGETS, LAMBDA_BUNDLE_EXCLUDES } from '../../shared/budgets';
import { PROJECT_ROOT } from './support/synth-raincheck';
import { expectEachRefusedWithoutCaller, expectRoutedExactly, neverReached } from './support/lambda-routes';

/**
 * Issue 12: every Lambda bundle, built exactly as the CDK construct builds it, stays within the budget
 * its entry names (shared/budgets.ts) and holds only what its routes use. To see it fail, import
 * something heavy into an entry (e.g. `import 'stripe'` in lambdas/api/index.ts) and run
 * `npx jest --selectProjects infra -t bundles`.
 */

interface Built {
  bytes: number;
  gzipBytes: number;
  inputs: string[];
  /** What the bundle leaves to `require` at run time, Node's own modules aside. */
  externals: string[];
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
let tmp: string;
const built = new Map<string, Built>();

async function build(entry: LambdaEntry, outfile: string): Promise<Built> {
  const firstUse = entry.firstUsePackages ?? [];
  const result = await esbuild.build(esbuildOptionsFor(PROJECT_ROOT, entry.entry, outfile, firstUse));
  for (const pkg of firstUse) {
    await esbuild.build(firstUseBundleOptions(PROJECT_ROOT, pkg, path.dirname(outfile)));
  }
  const bytes = fs.readFileSync(outfile);
  const output = Object.entries(result.metafile!.outputs).find(([f]) => f.endsWith('.js'))![1];
  return {
    bytes: bytes.length,
    gzipBytes: zlib.gzipSync(bytes, { level: 9 }).length,
    inputs: Object.keys(output.inputs),
    externals: [
      ...new Set(output.imports.filter((i) => i.external && !isBuiltin(i.path)).map((i) => i.path)),
    ],
  };
}

function bundleOf(entry: LambdaEntry): Built {
  const b = built.get(entry.name);
  if (!b) throw new Error(`${entry.name} was not bundled`);
  return b;
}

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'raincheck-bundles-'));
  for (const entry of LAMBDA_ENTRIES) {
    built.set(entry.name, await build(entry, path.join(tmp, entry.name, 'index.js')));
  }
});

afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe('Lambda bundles', () => {
  it('should name a budget for every Lambda entry and an entry for every budget', () => {
    const names = LAMBDA_ENTRIES.map((e) => e.name).sort();
    expect(Object.keys(LAMBDA_BUNDLE_BUDGETS).sort()).toEqual(names);
    for (const entry of LAMBDA_ENTRIES) {
      expect(entry.budget).toBe(LAMBDA_BUNDLE_BUDGETS[entry.name as keyof typeof LAMBDA_BUNDLE_BUDGETS]);
    }
  });

  it.each(LAMBDA_ENTRIES.map((e) => [e.name, e] as const))(
    'should keep the %s bundle within its budget when bundled as the construct bundles it',
    (_name, entry) => {
      const b = bundleOf(entry);
      const report = `${entry.name}: ${kb(b.bytes)} raw (budget ${kb(entry.budget.maxBytes)}), ${kb(b.gzipBytes)} gzip (budget ${kb(entry.budget.maxGzipBytes)})`;
      expect({ report, within: b.bytes <= entry.budget.maxBytes }).toEqual({ report, within: true });
      expect({ report, within: b.gzipBytes <= entry.budget.maxGzipBytes }).toEqual({ report, within: true });
    },
  );

  it.each(LAMBDA_ENTRIES.map((e) => [e.name, e] as const))(
    'should leave out of the %s bundle what its routes never use',
    (_name, entry) => {
      const excluded = [...LAMBDA_BUNDLE_EXCLUDES, ...entry.budget.excludes];
      const found = bundleOf(entry).inputs.filter((input) => excluded.some((re) => re.test(input)));
      expect(found).toEqual([]);
    },
  );

  it.each(LAMBDA_ENTRIES.map((e) => [e.name, e] as const))(
    "should leave outside the %s bundle only the runtime's AWS SDK and the packages it bundles apart",
    (_name, entry) => {
      // Anything else would be missing on Lambda: /var/task holds the bundle and what the construct adds.
      const runtimes = LAMBDA_BUNDLING.externalModules.map((m) => m.replace('*', ''));
      const left = bundleOf(entry).externals.filter((p) => !runtimes.some((prefix) => p.startsWith(prefix)));
      expect(left.sort()).toEqual([...(entry.firstUsePackages ?? [])].sort());
    },
  );

  it.each(['dispatch', 'reports', 'api', 'billing'])(
    'should build the same bytes as the CDK construct when bundling the %s entry',
    (name) => {
      // Real NodejsFunction bundlings (dispatch: a plain one; reports: its fonts and its packages
      // bundled apart; api: a JSON file copied apart; billing: an ES module package bundled apart as
      // CommonJS): the settings the bench and the tests use are the construct's own.
      const entry = LAMBDA_ENTRIES.find((e) => e.name === name)!;
      const outdir = path.join(tmp, `cdk.out-${name}`);
      const app = new App({ outdir });
      const stack = new Stack(app, 'BundleCheck');
      new RaincheckFunction(stack, 'Fn', {
        name: entry.name,
        entry: path.join(PROJECT_ROOT, entry.entry),
        projectRoot: PROJECT_ROOT,
        environment: {},
        assets: entry.assets,
        firstUsePackages: entry.firstUsePackages,
      });
      const assembly = app.synth();
      const assetDir = fs.readdirSync(assembly.directory).find((d) => d.startsWith('asset.'));
      const cdkBytes = (file: string) => fs.statSync(path.join(assembly.directory, assetDir!, file)).size;
      expect(cdkBytes('index.js')).toBe(bundleOf(entry).bytes);
      for (const pkg of entry.firstUsePackages ?? []) {
        const file = firstUseBundlePath(pkg);
        expect({ file, bytes: cdkBytes(file) }).toEqual({
          file,
          bytes: fs.statSync(path.join(tmp, name, file)).size,
        });
      }
    },
  );

  it('should route to the billing Lambda exactly the routes its app serves', () => {
    expectRoutedExactly('billing', SUBSCRIPTION_ROUTES);
  });

  it('should refuse every billing route without a verified caller when served by the billing Lambda', async () => {
    const app = createBillingApp({ authenticate: async () => null, billing: neverReached() });
    await expectEachRefusedWithoutCaller(app, SUBSCRIPTION_ROUTES);
    expect((await app.request('/api/workers')).status).toBe(401);
  });
});
