import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as esbuild from 'esbuild';
import { esbuildOptionsFor } from '../../infra/bundling/lambda-bundling';
import { PROJECT_ROOT } from './support/synth-raincheck';

/**
 * Issue 26 item 8: Lambda bundles resolve `zod` to lambdas/adapters/zod/zod-entry.ts, zod's own entry
 * without `locales` (258 KB the public API parsed at every cold start). These tests bundle every way
 * our code and @hono/zod-openapi import zod, as a Lambda is bundled, and check in a fresh `node` that
 * what they get is zod but its locales: the same names, the same classes, English messages.
 */

const FIXTURE = 'test/infra/fixtures/zod-as-lambdas-import-it.ts';
let tmp: string;
let bundle: string;
let inputs: string[];

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'raincheck-zod-'));
  bundle = path.join(tmp, 'index.js');
  const result = await esbuild.build(esbuildOptionsFor(PROJECT_ROOT, FIXTURE, bundle));
  const output = Object.entries(result.metafile!.outputs).find(([file]) => file.endsWith('.js'))![1];
  inputs = Object.keys(output.inputs);
});

afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** Runs `expression` in a fresh `node` with `bundled` (the bundle's exports) and `zod` (the package). */
function evaluate(expression: string): unknown {
  const script = `
    const bundled = require(${JSON.stringify(bundle)});
    const zod = require(${JSON.stringify(path.join(PROJECT_ROOT, 'node_modules/zod'))});
    process.stdout.write(JSON.stringify(${expression}));
  `;
  const child = spawnSync(process.execPath, ['-e', script], { cwd: tmp, encoding: 'utf8' });
  if (child.status !== 0) throw new Error(child.stderr);
  return JSON.parse(child.stdout);
}

const namesOf = (expression: string) => `Object.keys(${expression}).sort()`;

describe('zod in a Lambda bundle', () => {
  it('should bundle no locale but English', () => {
    const locales = inputs.filter((input) => input.includes('zod/v4/locales/'));

    expect(locales.map((input) => path.basename(input))).toEqual(['en.js']);
  });

  it("should export every name of zod's root entry but its locales", () => {
    const [ours, zods] = evaluate(`[${namesOf('bundled.namespace')}, ${namesOf('zod')}]`) as string[][];

    expect(ours).toEqual(zods!.filter((name) => name !== 'locales'));
  });

  it("should export every name of zod's core but its locales, as `core`", () => {
    const [ours, zods] = evaluate(
      `[${namesOf('bundled.namespace.core')}, ${namesOf('zod.core')}]`,
    ) as string[][];

    expect(ours).toEqual(zods!.filter((name) => name !== 'locales'));
  });

  it('should give `z`, the default and @hono/zod-openapi the one namespace, extended for OpenAPI, and keep zod/mini', () => {
    const answer = evaluate(`[
      bundled.named === bundled.namespace.z,
      bundled.zodDefault === bundled.named,
      bundled.openApiZ === bundled.named,
      typeof bundled.named.string().openapi,
      bundled.miniString().safeParse('x').success,
    ]`);

    expect(answer).toEqual([true, true, true, 'function', true]);
  });

  it("should word each invalid input in zod's English", () => {
    const check = (z: string) =>
      `[${z}.string().safeParse(1), ${z}.object({ a: ${z}.number().min(3) }).safeParse({ a: 1 }), ${z}.email().safeParse('x')].map((r) => r.error.issues[0].message)`;
    const [ours, zods] = evaluate(`[${check('bundled.named')}, ${check('zod')}]`) as string[][];

    expect(ours).toEqual(zods);
    expect(ours![0]).toBe('Invalid input: expected string, received number');
  });
});
