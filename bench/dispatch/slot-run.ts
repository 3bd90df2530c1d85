// One run of the slot on the real local path: the planner here, the batches in the workers.
import { loadavg } from 'node:os';
import { planRun } from '../../lambdas/core/dispatch/run-dispatch';
import type { countCalls } from './count-calls';
import { RssPeak } from './measure';
import { EmulatorCpu, type EmulatorPid } from './emulator-cpu';
import {
  epochMs,
  rootOf,
  workInProcess,
  WorkerPool,
  type BenchEnv,
  type DispatchDeps,
  type WorkerReport,
} from './slot-workers';

/** One table of the bench: its root (the planner's, and the workers' in `--one-process`) and env. */
export interface BenchTable {
  root: ReturnType<typeof rootOf>;
  counter: ReturnType<typeof countCalls>;
  env: BenchEnv;
}

export interface ProcessUse {
  role: 'planner' | 'worker';
  pid: number;
  batches: number;
  cpuMs: number;
  peakRssMb: number;
}

export interface Outcome {
  label: string;
  due: number;
  judged: number;
  /** Emails the run's record counts sent (notices, updates, all-clears). */
  sent: number;
  /** Texts sent (SMS claims marked sent, counted by the workers), and their billed segments. */
  texts: number;
  textSegments: number;
  wallMs: number;
  lastMessageMs: number;
  p50Ms: number;
  p99Ms: number;
  dynamoCalls: number;
  dynamoByCommand: Record<string, number>;
  /** Capacity units DynamoDB (Local) reported consumed, reads and writes (on-demand bills these). */
  capacity: { read: number; write: number };
  /** The highest peak RSS of the run's processes. */
  peakRssMb: number;
  /** CPU time of every process of the run (planner and workers) together. */
  cpuMs: number;
  /** Each process's CPU time and peak RSS (one row in `--one-process`). */
  processes: ProcessUse[];
  /**
   * CPU ms of each emulator (DynamoDB Local's JVM, the SES emulator, the SMS server) from the run's
   * start to its last message (to its end when it sent nothing).
   */
  emulatorCpuMs: Record<string, number>;
  load: number[];
}

export interface SlotOptions {
  slot: Date;
  workers: number;
  /** Each worker in its own process (the default), or all as loops in the bench's process. */
  processes: boolean;
  inFlight?: DispatchDeps['inFlight'];
  /** The emulators' processes, whose CPU the run reports. */
  emulators?: readonly EmulatorPid[];
  /**
   * Worker processes started before and kept after the run (`--warm-workers`: warm Lambdas taking
   * the next run too, with what they keep in memory); absent, the run starts its own and ends them.
   */
  pool?: WorkerPool;
}

const add = (into: Record<string, number>, from: Record<string, number> = {}) => {
  for (const [k, v] of Object.entries(from)) into[k] = (into[k] ?? 0) + v;
  return into;
};

export async function runSlot(label: string, table: BenchTable, opts: SlotOptions): Promise<Outcome> {
  // The workers' processes start (and build their roots) before the clock does: warm Lambdas.
  const own = opts.processes && !opts.pool ? await WorkerPool.start(opts.workers, table.env) : null;
  const pool = opts.processes ? (opts.pool ?? own) : null;
  try {
    table.counter.reset();
    const rss = new RssPeak();
    const cpu0 = process.cpuUsage();
    const t0 = epochMs();
    const emulatorCpu = new EmulatorCpu(opts.emulators ?? [], epochMs);
    const deps = table.root.dispatch;
    // The planner sizes batches for the workers taking them, as DISPATCH_WORKERS tells it in AWS.
    const { run, batches } = await planRun(
      { ...deps, workers: opts.workers },
      { at: opts.slot, trigger: 'admin' },
    );
    const reports: WorkerReport[] = pool
      ? await pool.run(batches, opts.inFlight)
      : [await workInProcess(deps, batches, opts.workers, opts.inFlight)];
    const wallMs = epochMs() - t0;
    emulatorCpu.stop();
    const cpu = process.cpuUsage(cpu0);
    const record = await deps.runs.get({ runId: run.runId, startedAt: run.startedAt });
    const times = reports.flatMap((r) => r.lastAt.map(([, at]) => at - t0)).sort((a, b) => a - b);
    const at = (q: number) =>
      times.length ? times[Math.min(times.length - 1, Math.floor(q * times.length))]! : 0;
    const planner: ProcessUse = {
      role: 'planner',
      pid: process.pid,
      batches: pool ? 0 : reports[0]!.batches,
      cpuMs: (cpu.user + cpu.system) / 1000,
      peakRssMb: rss.stop() / 2 ** 20,
    };
    const workers: ProcessUse[] = pool
      ? reports.map((r) => ({
          role: 'worker',
          pid: r.pid,
          batches: r.batches,
          cpuMs: r.cpuMs,
          peakRssMb: r.peakRssMb,
        }))
      : [];
    const processes = [planner, ...workers];
    const byCommand = reports.reduce((sum, r) => add(sum, r.calls), add({}, table.counter.byCommand()));
    const capacity = reports.reduce(
      (sum, r) => ({ read: sum.read + (r.capacity?.read ?? 0), write: sum.write + (r.capacity?.write ?? 0) }),
      table.counter.capacity(),
    );
    const lastMessageMs = times.at(-1) ?? 0;
    return {
      label,
      due: run.due,
      judged: record?.judged ?? 0,
      sent: record ? record.sent.notice + record.sent.update + record.sent.allClear : 0,
      texts: reports.reduce((sum, r) => sum + r.texts, 0),
      textSegments: reports.reduce((sum, r) => sum + r.segments, 0),
      wallMs,
      lastMessageMs,
      p50Ms: at(0.5),
      p99Ms: at(0.99),
      dynamoCalls: Object.values(byCommand).reduce((a, b) => a + b, 0),
      dynamoByCommand: byCommand,
      capacity,
      peakRssMb: Math.max(...processes.map((p) => p.peakRssMb)),
      cpuMs: processes.reduce((sum, p) => sum + p.cpuMs, 0),
      processes,
      emulatorCpuMs: emulatorCpu.at(lastMessageMs || wallMs),
      load: loadavg(),
    };
  } finally {
    await own?.close();
  }
}
