/**
 * The emulators' CPU (issue 26 item 4): DynamoDB Local's JVM, the SES emulator and the SMS server
 * are processes of their own, so the workers' CPU never showed what the writes cost them. Read from
 * `/proc/<pid>/stat` (utime + stime, in clock ticks of `getconf CLK_TCK`) at a run's start and every
 * `everyMs` after, so the figure at the last message (known only at the end) is read off the samples.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

export interface EmulatorPid {
  name: string;
  pid: number;
}

/** Clock ticks per second of `/proc/<pid>/stat`'s times. */
const TICKS_PER_SECOND = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
  } catch {
    return 100;
  }
})();

/** A process's CPU (user + system) in ms so far; null when it is gone or /proc is absent. */
export function processCpuMs(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces: count the fields after its closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]); // fields 14 and 15: utime, stime
    return (ticks * 1000) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/** Each emulator's CPU sampled through a run: `at(ms after start)` answers what each used by then. */
export class EmulatorCpu {
  private readonly samples: { at: number; cpu: (number | null)[] }[] = [];
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly pids: readonly EmulatorPid[],
    private readonly clock: () => number,
    everyMs = 100,
  ) {
    this.sample();
    this.timer = setInterval(() => this.sample(), everyMs);
  }

  private sample(): void {
    this.samples.push({ at: this.clock(), cpu: this.pids.map((p) => processCpuMs(p.pid)) });
  }

  stop(): void {
    clearInterval(this.timer);
    this.sample();
  }

  /** CPU ms each emulator used from the start to the first sample at or after `ms` past it. */
  at(ms: number): Record<string, number> {
    const first = this.samples[0]!;
    const until = this.samples.find((s) => s.at - first.at >= ms) ?? this.samples.at(-1)!;
    return Object.fromEntries(
      this.pids.map((p, i) => [p.name, Math.max(0, (until.cpu[i] ?? 0) - (first.cpu[i] ?? 0))]),
    );
  }
}
