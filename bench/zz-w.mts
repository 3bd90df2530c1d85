import * as esbuild from 'esbuild';
import { esbuildOptionsFor } from '../infra/bundling/lambda-bundling';
import { LAMBDA_ENTRIES } from '../infra/lambda-entries';
const name = process.argv[2]!;
const e = (LAMBDA_ENTRIES as any[]).find((x) => x.name === name);
const r = await esbuild.build({ ...esbuildOptionsFor(process.cwd(), e.entry, `/tmp/initround-prof/w-${name}/index.js`, e.firstUsePackages ?? []) });
const out = Object.values(r.metafile!.outputs).find((o: any) => o.entryPoint)! as any;
const rows = Object.entries(out.inputs).map(([f, v]: any) => [f.replace(/.*node_modules\//, 'nm/'), v.bytesInOutput] as [string, number]).filter(([f]) => !f.startsWith('nm/') || process.argv[3]);
for (const [k, v] of rows.sort((a, b) => b[1] - a[1]).slice(0, 60)) console.log((v / 1024).toFixed(1).padStart(7), k);
if (process.argv[4]) { const i = r.metafile!.inputs; for (const [f, v] of Object.entries(i)) for (const imp of (v as any).imports) if (imp.path.includes(process.argv[4])) console.log('IMPORTER', f, '->', imp.path); }
