import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import * as esbuild from 'esbuild';
import {
  esbuildOptionsFor,
  FIRST_USE_PACKAGES,
  type FirstUsePackage,
  firstUseBundleOptions,
  firstUseBundlePath,
} from '../../infra/bundling/lambda-bundling';
import { REPOSITORY_FONTS_DIR } from '../../lambdas/adapters/pdf/report.pdf';
import * as byName from './fixtures/first-use-adapters';
import { PROJECT_ROOT } from './support/synth-raincheck';

/**
 * Issue 26 item 8: date-holidays, pdfkit, fflate, libphonenumber-js's full metadata and the packages of
 * FIRST_USE_IMPORTS (the Stripe SDK among them) are bundled apart from the Lambdas that use them, beside
 * their bundles, and required on first use. These tests build the adapters that use them exactly so, in
 * a folder outside the repository (no node_modules above it, as in /var/task), and call each one cold
 * in a fresh `node`: the first call finds its package beside the bundle.
 */

const FIXTURE = 'test/infra/fixtures/first-use-adapters.ts';
const PACKAGES = Object.keys(FIRST_USE_PACKAGES) as FirstUsePackage[];
let tmp: string;
let bundle: string;

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'raincheck-first-use-'));
  bundle = path.join(tmp, 'index.js');
  await esbuild.build(esbuildOptionsFor(PROJECT_ROOT, FIXTURE, bundle, PACKAGES));
  for (const pkg of PACKAGES) await esbuild.build(firstUseBundleOptions(PROJECT_ROOT, pkg, tmp));
});

afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

interface ColdRun {
  loadedAtLoad: string[];
  loadedAfter: string[];
  answer: unknown;
}

/**
 * Loads the bundle in a fresh `node` (no NODE_PATH), runs `call` on its exports and prints the JSON.
 * Asynchronous, so that a server in this process can answer the child.
 */
async function runCold(call: string): Promise<ColdRun> {
  const script = `
    const bundled = () => Object.keys(require.cache).filter((f) => f.includes('/node_modules/'));
    const adapters = require(${JSON.stringify(bundle)});
    const loadedAtLoad = bundled();
    Promise.resolve((${call})(adapters, ${JSON.stringify(path.join(PROJECT_ROOT, REPOSITORY_FONTS_DIR))})).then(
      (answer) => process.stdout.write(JSON.stringify({ loadedAtLoad, loadedAfter: bundled(), answer })),
    );
  `;
  const stdout = await new Promise<string>((resolve, reject) =>
    execFile(
      process.execPath,
      ['-e', script],
      // XDG_CONFIG_HOME: where the Stripe SDK keeps its telemetry id, kept out of the real home folder.
      { cwd: tmp, env: { PATH: process.env.PATH ?? '', XDG_CONFIG_HOME: tmp }, encoding: 'utf8' },
      (err, out, stderr) => (err ? reject(new Error(stderr || String(err))) : resolve(out)),
    ),
  );
  return JSON.parse(stdout) as ColdRun;
}

const besideTheBundle = (pkg: FirstUsePackage) => path.join(tmp, firstUseBundlePath(pkg));

describe('packages bundled apart and required on first use', () => {
  it('should leave date-holidays out of the bundle and answer the first holiday lookup from beside it', async () => {
    const run = await runCold(`(a) => a.publicHolidays('US', 2026)`);

    expect(fs.readFileSync(bundle, 'utf8')).not.toContain('Thanksgiving');
    expect(run.loadedAtLoad).toEqual([]);
    expect(run.loadedAfter).toEqual([besideTheBundle('date-holidays')]);
    expect(run.answer).toEqual(expect.arrayContaining([{ date: '2026-11-26', name: 'Thanksgiving Day' }]));
  });

  it('should check the first phone number with the full metadata from beside the bundle', async () => {
    // 212-555-0123 is a valid New York number only by the full metadata's rules for 555 numbers; the
    // minimal metadata would say the same for any 10 digits, so an invalid one is checked too.
    const run = await runCold(
      `(a) => [a.isValidPhone('+1 212 555 0123'), a.isValidPhone('+1 212 055 0123')]`,
    );

    expect(run.loadedAtLoad).toEqual([]);
    expect(run.loadedAfter).toEqual([besideTheBundle('libphonenumber-js/metadata.max.json')]);
    expect(run.answer).toEqual([true, false]);
  });

  it.each([
    ['render the first PDF', 'pdfkit', 'reportPdf', '%PDF-'],
    ['zip the first CSV bundle', 'fflate', 'reportCsvZip', 'PK'],
  ] as const)('should %s with %s from beside the bundle', async (_what, pkg, adapter, magic) => {
    const run = await runCold(
      `async (a, fonts) => Buffer.from(await a.${adapter}(fonts)).subarray(0, ${magic.length}).toString()`,
    );

    expect(run.loadedAtLoad).toEqual([]);
    expect(run.loadedAfter).toEqual([besideTheBundle(pkg)]);
    expect(run.answer).toBe(magic);
  });

  // Each answer is checked against the same function run here, with the package imported as usual.
  const SVG =
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>';
  const SVG_WITH_SCRIPT = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
  const CSV = 'name,email,phone\nAna Ruiz,ana@example.com,+1 212 555 0123\nBo Li,not-an-email,\n';
  // Texts in GSM-7 or plain UCS-2 are counted by shared/sms-segments.ts; the library measures only a text
  // whose characters may join a grapheme cluster (here a combining accent and a joined emoji).
  const TEXT =
    'Raincheck: no work tomorrow at Cafe\u0301 Sq – rain 80% from 7am 👷\u200d♀️. Reply STOP to opt out.';
  it.each([
    ['check the first SVG logo', 'fast-xml-parser.on-first-use', 'svgProblem', [SVG, SVG_WITH_SCRIPT]],
    ['read the first workers’ CSV', 'papaparse.on-first-use', 'parseWorkersCsv', [CSV]],
    [
      'find the first jobsite’s timezone',
      '@photostructure/tz-lookup.on-first-use',
      'timezoneAt',
      [40.7, -74],
    ],
    ['measure the first text', 'sms-segments-calculator.on-first-use', 'measureSms', [TEXT]],
  ] as const)('should %s with %s from beside the bundle', async (_what, pkg, name, args) => {
    const fn = byName[name] as (...a: unknown[]) => unknown;
    const calls = name === 'svgProblem' ? args.map((a) => [a]) : [args];
    const run = await runCold(`(a) => ${JSON.stringify(calls)}.map((args) => a.${name}(...args))`);

    expect(run.loadedAtLoad).toEqual([]);
    // (A CSV's phone numbers also load the phone metadata.)
    expect(run.loadedAfter).toEqual(expect.arrayContaining([besideTheBundle(pkg)]));
    expect(run.answer).toEqual(JSON.parse(JSON.stringify(calls.map((c) => fn(...c)))));
  });

  it('should make the first Stripe client with the SDK from beside the bundle and call Stripe with it', async () => {
    // Stripe's API as far as a price lookup by key goes: what it was asked, and one price.
    const asked: { method?: string; url?: string; authorization?: string; userAgent?: string }[] = [];
    const stripeApi = http.createServer((req, res) => {
      asked.push({
        method: req.method,
        url: req.url,
        authorization: req.headers.authorization,
        userAgent: req.headers['user-agent'],
      });
      res.writeHead(200, { 'content-type': 'application/json', 'request-id': 'req_first_use' });
      res.end(
        JSON.stringify({
          object: 'list',
          url: '/v1/prices',
          has_more: false,
          data: [{ id: 'price_first_use', object: 'price', lookup_key: 'pro_monthly', active: true }],
        }),
      );
    });
    await new Promise<void>((resolve) => stripeApi.listen(0, '127.0.0.1', resolve));
    const apiBase = `http://127.0.0.1:${(stripeApi.address() as AddressInfo).port}`;
    try {
      const run = await runCold(`(a) => a.stripePriceId(${JSON.stringify(apiBase)}, 'pro_monthly')`);

      // The SDK's default host is written in its code only: the bundle does not hold it.
      expect(fs.readFileSync(bundle, 'utf8')).not.toContain('api.stripe.com');
      expect(run.loadedAtLoad).toEqual([]);
      expect(run.loadedAfter).toEqual([besideTheBundle('stripe.on-first-use')]);
      expect(run.answer).toBe('price_first_use');
      const { version } = JSON.parse(
        fs.readFileSync(path.join(PROJECT_ROOT, 'node_modules/stripe/package.json'), 'utf8'),
      ) as { version: string };
      expect(asked).toEqual([
        {
          method: 'GET',
          url: '/v1/prices?lookup_keys[0]=pro_monthly&active=true&limit=1',
          authorization: 'Bearer sk_test_first_use',
          userAgent: expect.stringContaining(`NodeBindings/${version}`),
        },
      ]);
    } finally {
      await new Promise((resolve) => stripeApi.close(resolve));
    }
  });
});
