import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
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
 * Issue 26 item 8: date-holidays, pdfkit, fflate and libphonenumber-js's full metadata are bundled apart
 * from the Lambdas that use them, beside their bundles, and required on first use. These tests build the adapters that use
 * them exactly so, in a folder outside the repository (no node_modules above it, as in /var/task),
 * and call each one cold in a fresh `node`: the first call finds its package beside the bundle.
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

/** Loads the bundle in a fresh `node` (no NODE_PATH), runs `call` on its exports and prints the JSON. */
function runCold(call: string): { loadedAtLoad: string[]; loadedAfter: string[]; answer: unknown } {
  const script = `
    const bundled = () => Object.keys(require.cache).filter((f) => f.includes('/node_modules/'));
    const adapters = require(${JSON.stringify(bundle)});
    const loadedAtLoad = bundled();
    Promise.resolve((${call})(adapters, ${JSON.stringify(path.join(PROJECT_ROOT, REPOSITORY_FONTS_DIR))})).then(
      (answer) => process.stdout.write(JSON.stringify({ loadedAtLoad, loadedAfter: bundled(), answer })),
    );
  `;
  const child = spawnSync(process.execPath, ['-e', script], {
    cwd: tmp,
    env: { PATH: process.env.PATH ?? '' },
    encoding: 'utf8',
  });
  if (child.status !== 0) throw new Error(child.stderr);
  return JSON.parse(child.stdout) as { loadedAtLoad: string[]; loadedAfter: string[]; answer: unknown };
}

const besideTheBundle = (pkg: FirstUsePackage) => path.join(tmp, firstUseBundlePath(pkg));

describe('packages bundled apart and required on first use', () => {
  it('should leave date-holidays out of the bundle and answer the first holiday lookup from beside it', () => {
    const run = runCold(`(a) => a.publicHolidays('US', 2026)`);

    expect(fs.readFileSync(bundle, 'utf8')).not.toContain('Thanksgiving');
    expect(run.loadedAtLoad).toEqual([]);
    expect(run.loadedAfter).toEqual([besideTheBundle('date-holidays')]);
    expect(run.answer).toEqual(expect.arrayContaining([{ date: '2026-11-26', name: 'Thanksgiving Day' }]));
  });

  it('should check the first phone number with the full metadata from beside the bundle', () => {
    // 212-555-0123 is a valid New York number only by the full metadata's rules for 555 numbers; the
    // minimal metadata would say the same for any 10 digits, so an invalid one is checked too.
    const run = runCold(`(a) => [a.isValidPhone('+1 212 555 0123'), a.isValidPhone('+1 212 055 0123')]`);

    expect(run.loadedAtLoad).toEqual([]);
    expect(run.loadedAfter).toEqual([besideTheBundle('libphonenumber-js/metadata.max.json')]);
    expect(run.answer).toEqual([true, false]);
  });

  it.each([
    ['render the first PDF', 'pdfkit', 'reportPdf', '%PDF-'],
    ['zip the first CSV bundle', 'fflate', 'reportCsvZip', 'PK'],
  ] as const)('should %s with %s from beside the bundle', (_what, pkg, adapter, magic) => {
    const run = runCold(
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
  ] as const)('should %s with %s from beside the bundle', (_what, pkg, name, args) => {
    const fn = byName[name] as (...a: unknown[]) => unknown;
    const calls = name === 'svgProblem' ? args.map((a) => [a]) : [args];
    const run = runCold(`(a) => ${JSON.stringify(calls)}.map((args) => a.${name}(...args))`);

    expect(run.loadedAtLoad).toEqual([]);
    // (A CSV's phone numbers also load the phone metadata.)
    expect(run.loadedAfter).toEqual(expect.arrayContaining([besideTheBundle(pkg)]));
    expect(run.answer).toEqual(JSON.parse(JSON.stringify(calls.map((c) => fn(...c)))));
  });
});
