// The real-path bench's tables (Markdown, as docs/benchmarks.md quotes them).
import { fmt } from './measure';
import type { Outcome } from './slot-run';

const per = (n: number, o: Outcome, digits = 1) => fmt(n / Math.max(1, o.due), digits);
const s = (ms: number) => `${fmt(ms / 1000, 1)} s`;
const sum = (byName: Record<string, number>) => Object.values(byName).reduce((a, b) => a + b, 0);

export function printOutcomes(outcomes: readonly Outcome[]): void {
  console.log(
    "| run | due | judged | emails | texts | wall | slot start → last message | p50 / p99 per jobsite | judged/s | messages/s | DynamoDB calls per jobsite | CPU ms per jobsite (all processes) | emulators' CPU ms per jobsite | peak RSS (largest process) | load |",
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const o of outcomes)
    console.log(
      `| ${o.label} | ${fmt(o.due)} | ${fmt(o.judged)} | ${fmt(o.sent)} | ${fmt(o.texts)} | ${s(o.wallMs)} | ${s(o.lastMessageMs)} | ` +
        `${s(o.p50Ms)} / ${s(o.p99Ms)} | ${fmt(o.judged / (o.wallMs / 1000))} | ` +
        `${fmt((o.sent + o.texts) / (o.wallMs / 1000))} | ${per(o.dynamoCalls, o)} | ${per(o.cpuMs, o)} | ${per(sum(o.emulatorCpuMs), o)} | ` +
        `${fmt(o.peakRssMb)} MB | ${o.load.map((l) => l.toFixed(1)).join(' ')} |`,
    );
  for (const o of outcomes) {
    console.log(
      `${o.label}, DynamoDB calls per jobsite by command: ` +
        Object.entries(o.dynamoByCommand)
          .sort((a, b) => b[1] - a[1])
          .map(([name, n]) => `${name.replace(/Command$/, '')} ${per(n, o, 2)}`)
          .join(', ') +
        `; capacity units per jobsite: read ${per(o.capacity.read, o, 2)}, write ${per(o.capacity.write, o, 2)}`,
    );
    console.log(
      `${o.label}, CPU and peak RSS per process: ` +
        o.processes
          .map((p) => `${p.role} ${p.pid} (${p.batches} batches) ${s(p.cpuMs)} CPU, ${fmt(p.peakRssMb)} MB`)
          .join('; '),
    );
    console.log(
      `${o.label}, emulators' CPU ms per jobsite (start → last message): ` +
        Object.entries(o.emulatorCpuMs)
          .map(([name, ms]) => `${name} ${per(ms, o, 2)} (${s(ms)})`)
          .join(', '),
    );
  }
}
