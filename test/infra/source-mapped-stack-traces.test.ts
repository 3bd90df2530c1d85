import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as esbuild from 'esbuild';
import { esbuildOptionsFor } from '../../infra/bundling/lambda-bundling';
import { PROJECT_ROOT } from './support/synth-raincheck';

/**
 * ADR 0014: Lambdas run without `--enable-source-maps`; each bundle maps its own stack traces and reads
 * its map on the first trace formatted. These tests bundle a small entry exactly as every Lambda is
 * bundled and read its failure's trace in a fresh `node`, as CloudWatch would get it.
 */

const FIXTURE = 'test/infra/fixtures/throws-in-a-bundle.ts';
let tmp: string;
let bundle: string;

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'raincheck-stack-traces-'));
  bundle = path.join(tmp, 'index.js');
  await esbuild.build(esbuildOptionsFor(PROJECT_ROOT, FIXTURE, bundle));
});

afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/**
 * Loads the bundle in a fresh `node`, runs `between` (JavaScript, after the load and before the
 * failure), calls the handler with a negative reading and prints the error's stack.
 */
function traceOf(options: { nodeOptions?: string; between?: string } = {}): string[] {
  const script = `
    const lambda = require(${JSON.stringify(bundle)});
    ${options.between ?? ''}
    lambda.handler({ readings: [2, -1] }).catch((error) => process.stdout.write(error.stack));
  `;
  const child = spawnSync(process.execPath, ['-e', script], {
    env: { PATH: process.env.PATH ?? '', NODE_OPTIONS: options.nodeOptions ?? '' },
    encoding: 'utf8',
  });
  if (child.status !== 0) throw new Error(child.stderr);
  return child.stdout.split('\n');
}

/**
 * `file:line:column` of each frame in the fixture, in the order of the trace, from the repository's
 * root: the paths are relative to the bundle's folder, here a temporary one outside the repository.
 */
const fixtureFrames = (trace: string[]) =>
  trace.flatMap((line) => /(test\/infra\/fixtures\/[^\s)]+)/.exec(line)?.[1] ?? []);

describe('stack traces of a Lambda bundle', () => {
  it('should name the source file, line and function of each frame without --enable-source-maps (the receiver class stays minified, as with Node)', () => {
    const trace = traceOf();

    expect(trace[0]).toBe('RangeError: a gauge cannot read -1 mm');
    expect(trace[1]).toMatch(
      /^ {4}at [\w$]+\.read \(\S*test\/infra\/fixtures\/throws-in-a-bundle\.ts:7:\d+\)$/,
    );
    expect(
      trace.some((l) => /at totalRain \(\S*test\/infra\/fixtures\/throws-in-a-bundle\.ts:14:\d+\)/.test(l)),
    ).toBe(true);
    // The exported handler is renamed by the minifier and its map names it nowhere: Node writes the same.
    expect(
      trace.some((l) => /at \S+ \(\S*test\/infra\/fixtures\/throws-in-a-bundle\.ts:19:\d+\)/.test(l)),
    ).toBe(true);
  });

  it('should write every frame as Node with --enable-source-maps writes it', () => {
    // Paths from the repository's root: Node's are absolute, ours relative to the bundle's folder.
    const fromRoot = (trace: string[]) =>
      trace.map((l) => l.replace(/[^\s(]*(test\/infra\/fixtures\/)/, '$1'));
    const ours = fromRoot(traceOf());
    // Node's own mapping, for the same bundle: the bundle's mapper taken away after the load.
    const nodes = fromRoot(
      traceOf({ nodeOptions: '--enable-source-maps', between: 'delete Error.prepareStackTrace;' }),
    );

    expect(fixtureFrames(ours).length).toBeGreaterThanOrEqual(4);
    expect(ours).toEqual(nodes);
  });

  it('should read the source map only when a trace is first formatted, not while the bundle loads', () => {
    // The map is away while the bundle loads and put back before the failure: the trace is mapped,
    // so nothing read it at load.
    const map = `${bundle}.map`;
    const away = `${bundle}.map.away`;
    fs.renameSync(map, away);
    try {
      const trace = traceOf({
        between: `require('node:fs').renameSync(${JSON.stringify(away)}, ${JSON.stringify(map)});`,
      });
      expect(fixtureFrames(trace).length).toBeGreaterThanOrEqual(3);
    } finally {
      if (fs.existsSync(away)) fs.renameSync(away, map);
    }
  });

  it('should keep the bundle positions when the map is missing', () => {
    const map = `${bundle}.map`;
    const away = `${bundle}.map.away`;
    fs.renameSync(map, away);
    try {
      const trace = traceOf();
      expect(trace[0]).toBe('RangeError: a gauge cannot read -1 mm');
      expect(fixtureFrames(trace)).toEqual([]);
      expect(trace[1]).toContain(`${bundle}:`);
    } finally {
      fs.renameSync(away, map);
    }
  });
});
