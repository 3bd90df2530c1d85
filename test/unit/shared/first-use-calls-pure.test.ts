/**
 * Issue 26 item 8, sixth round: every module-level `builtOnFirstUse(…)`, `objectOnFirstUse(…)` and
 * `builtOnFirstCall(…)` is written `/* @__PURE__ *\/ builtOnFirstUse(…)`. The call only wraps its
 * builder (nothing runs until the value is first used: test/unit/shared/built-on-first-use.test.ts), so
 * a bundler may drop it when nothing reads the value, and with it every zod call inside the builder. A
 * Lambda that imports a constant from a module of schemas (shared/webhooks.ts, shared/billing.ts) then
 * no longer bundles zod's classic API for schemas it never parses with: esbuild does not carry
 * `@__NO_SIDE_EFFECTS__` on the function across modules, so the mark goes on each call. The bundle
 * budgets (shared/budgets.ts, ZOD_CLASSIC) check the bytes; this test checks the marks.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as esbuild from 'esbuild';
import ts from 'typescript';

const ROOT = path.resolve(__dirname, '../../..');
const FIRST_USE_CALLS = new Set(['builtOnFirstUse', 'objectOnFirstUse', 'builtOnFirstCall']);

/** `file:line name` of each module-level first-use call in `text` without a pure mark before it. */
function unmarkedFirstUseCalls(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const unmarked: string[] = [];
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      const call = declaration.initializer;
      if (!call || !ts.isCallExpression(call) || !ts.isIdentifier(call.expression)) continue;
      if (!FIRST_USE_CALLS.has(call.expression.text)) continue;
      // A comment on the line of the `=` is a "trailing" one to TypeScript; one on the next line, leading.
      const comments = [
        ...(ts.getTrailingCommentRanges(text, call.pos) ?? []),
        ...(ts.getLeadingCommentRanges(text, call.pos) ?? []),
      ];
      if (comments.some((c) => /[@#]__PURE__/.test(text.slice(c.pos, c.end)))) continue;
      const { line } = source.getLineAndCharacterOfPosition(call.getStart());
      unmarked.push(`${file}:${line + 1} ${declaration.name.getText()}`);
    }
  }
  return unmarked;
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : sourceFiles(rel);
    return /\.tsx?$/.test(e.name) && !/\.(test|d)\.tsx?$/.test(e.name) ? [rel] : [];
  });
}

describe('module-level values built on first use', () => {
  it('should mark every module-level first-use call in shared/ and lambdas/ as pure', () => {
    const files = [...sourceFiles('shared'), ...sourceFiles('lambdas')];
    const marked = files.filter((f) =>
      /@__PURE__ \*\/ (builtOnFirstUse|objectOnFirstUse|builtOnFirstCall)\(/.test(
        fs.readFileSync(path.join(ROOT, f), 'utf8'),
      ),
    );
    expect(marked.length).toBeGreaterThan(40);
    expect(
      files.flatMap((f) => unmarkedFirstUseCalls(f, fs.readFileSync(path.join(ROOT, f), 'utf8'))),
    ).toEqual([]);
  });

  it('should name a module-level first-use call written without the mark', () => {
    const text = [
      "import { builtOnFirstUse } from './built-on-first-use';",
      'export const marked = /* @__PURE__ */ builtOnFirstUse(() => ({}));',
      'export const unmarked = builtOnFirstUse(() => ({}));',
      'export function inside() { return builtOnFirstUse(() => ({})); }',
    ].join('\n');
    expect(unmarkedFirstUseCalls('shared/x.ts', text)).toEqual(['shared/x.ts:3 unmarked']);
  });

  it('should leave zod out of a bundle that imports only constants from a module of schemas', async () => {
    const built = await esbuild.build({
      stdin: {
        contents: "import { WEBHOOK_TIMEOUT_MS } from './shared/webhooks'; console.log(WEBHOOK_TIMEOUT_MS);",
        resolveDir: ROOT,
        loader: 'ts',
      },
      bundle: true,
      platform: 'node',
      format: 'cjs',
      write: false,
      metafile: true,
      logLevel: 'silent',
    });
    const [output] = Object.values(built.metafile.outputs);
    const inputs = Object.entries(output!.inputs)
      .filter(([, { bytesInOutput }]) => bytesInOutput > 0)
      .map(([input]) => input);
    expect(inputs).toContain('shared/webhooks.ts');
    expect(inputs.filter((i) => /node_modules\/zod\//.test(i))).toEqual([]);
  });
});
