/**
 * The worker Lambdas of the real-path bench: each in its own process (as separate Lambdas are), with
 * its own composition root and SDK clients, taking batches from one shared list held by the bench's
 * process (as Lambdas take them from the queue), or, with `--one-process`, as loops in the bench's
 * process sharing one root.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { DISPATCH_WORKER_NODE_OPTIONS } from '../../infra/lambda-entries';
import { parseConfig } from '../../lambdas/config';
import { createAppRoot } from '../../lambdas/composition/app.root';
import { workBatch } from '../../lambdas/core/dispatch/dispatch-batch';
import type { ClaimRepo, NoticeSender } from '../../lambdas/core/dispatch/dispatch.ports';
import type { SmsDeliveryLog, TextSender } from '../../lambdas/core/sms/sms.ports';
import { measureSms } from '../../shared/sms-text';
import { countCalls } from './count-calls';
import { RssPeak } from './measure';

type Root = ReturnType<typeof createAppRoot>;
export type DispatchDeps = Root['dispatch'];
export type BenchEnv = Record<string, string>;

/** What one worker did in one run of the slot. */
export interface WorkerReport {
  pid: number;
  batches: number;
  /** Each jobsite's last message (email or text) as epoch milliseconds. */
  lastAt: [string, number][];
  /** Texts sent (SMS claims marked sent), and the segments they were billed as. */
  texts: number;
  segments: number;
  cpuMs: number;
  peakRssMb: number;
  /** This process's DynamoDB calls by command and capacity units (absent in the bench's own process). */
  calls?: Record<string, number>;
  capacity?: { read: number; write: number };
}

/** A clock every process shares: epoch milliseconds at sub-millisecond resolution. */
export const epochMs = () => performance.timeOrigin + performance.now();

export const rootOf = (env: BenchEnv) => {
  // The SDK's default credential chain reads these (the SMS client's too).
  Object.assign(process.env, { AWS_ACCESS_KEY_ID: 'local', AWS_SECRET_ACCESS_KEY: 'local' });
  return createAppRoot(parseConfig(env), { unsubscribeSecret: env.UNSUBSCRIBE_SECRET });
};

interface Tally {
  lastAt: Map<string, number>;
  texts: number;
  segments: number;
}

/** The dispatch as built, each message's time kept per jobsite and each text counted. */
function instrumented(deps: DispatchDeps, tally: Tally, inFlight?: DispatchDeps['inFlight']): DispatchDeps {
  const sender: NoticeSender = deps.sender;
  const out: DispatchDeps = {
    ...deps,
    ...(inFlight ? { inFlight } : {}),
    sender: {
      send: async (content, to) => {
        const answer = await sender.send(content, to);
        tally.lastAt.set(content.jobsite.id, epochMs());
        return answer;
      },
    },
  };
  const texts = deps.texts;
  if (texts) {
    // A text is sent when its claim is marked sent (core/sms/send-texts.ts), right after the send.
    const claims: ClaimRepo = Object.create(texts.claims) as ClaimRepo;
    claims.markSent = async (claim, messageId, at) => {
      await texts.claims.markSent(claim, messageId, at);
      tally.texts += 1;
      tally.segments += claim.segments ?? 1;
      tally.lastAt.set(claim.jobsiteId, epochMs());
    };
    // Batched (issue 26 item 4): a dispatch's texts are marked many to a transaction instead.
    const deliveries: SmsDeliveryLog = Object.create(texts.deliveries) as SmsDeliveryLog;
    const segmentsOf = new Map<string, number>();
    const sender: TextSender = {
      send: async (text) => {
        const sent = await texts.sender.send(text);
        segmentsOf.set(sent.messageId, measureSms(text.body).segments);
        return sent;
      },
    };
    const { markSentMany } = texts.deliveries;
    if (markSentMany)
      deliveries.markSentMany = async (sent) => {
        await markSentMany.call(texts.deliveries, sent);
        for (const { ref } of sent) {
          tally.texts += 1;
          tally.segments += segmentsOf.get(ref.messageId) ?? 1;
          segmentsOf.delete(ref.messageId);
          tally.lastAt.set(ref.jobsiteId, epochMs());
        }
      };
    out.texts = { ...texts, claims, deliveries, sender };
  }
  return out;
}

/** Batches until the list is empty, one at a time, as a worker Lambda takes queue messages. */
async function workQueue(deps: DispatchDeps, next: () => Promise<string | null>): Promise<number> {
  let done = 0;
  for (let body = await next(); body !== null; body = await next(), done++)
    await workBatch(deps, body, { finalAttempt: true });
  return done;
}

/** `--one-process`: the workers as `workers` loops in this process over one root (one report). */
export async function workInProcess(
  deps: DispatchDeps,
  batches: readonly string[],
  workers: number,
  inFlight?: DispatchDeps['inFlight'],
): Promise<WorkerReport> {
  const tally: Tally = { lastAt: new Map(), texts: 0, segments: 0 };
  const run = instrumented(deps, tally, inFlight);
  let i = 0;
  const next = async () => batches[i++] ?? null;
  const done = await Promise.all(Array.from({ length: workers }, () => workQueue(run, next)));
  return {
    pid: process.pid,
    batches: done.reduce((a, b) => a + b, 0),
    lastAt: [...tally.lastAt],
    texts: tally.texts,
    segments: tally.segments,
    cpuMs: 0,
    peakRssMb: 0,
  };
}

type ToWorker =
  | { cmd: 'init'; env: BenchEnv }
  | { cmd: 'run'; inFlight?: DispatchDeps['inFlight'] }
  | { cmd: 'batch'; body: string | null };
type FromWorker = { ready: true } | { next: true } | { done: WorkerReport };

/** The child's side (`tsx bench/dispatch-real.ts --slot-worker`): one worker Lambda. */
export function runSlotWorker(): void {
  let root: Root | undefined;
  let counter: ReturnType<typeof countCalls> | undefined;
  let waiting: ((body: string | null) => void) | undefined;
  const send = (m: FromWorker) => process.send!(m);
  process.on('message', (m: ToWorker) => {
    if (m.cmd === 'init') {
      root = rootOf(m.env);
      counter = countCalls(root.client);
      send({ ready: true });
    } else if (m.cmd === 'batch') {
      waiting?.(m.body);
    } else if (m.cmd === 'run') {
      void (async () => {
        counter!.reset();
        const rss = new RssPeak();
        const cpu0 = process.cpuUsage();
        const tally: Tally = { lastAt: new Map(), texts: 0, segments: 0 };
        const next = () =>
          new Promise<string | null>((resolve) => {
            waiting = resolve;
            send({ next: true });
          });
        const batches = await workQueue(instrumented(root!.dispatch, tally, m.inFlight), next);
        const cpu = process.cpuUsage(cpu0);
        send({
          done: {
            pid: process.pid,
            batches,
            lastAt: [...tally.lastAt],
            texts: tally.texts,
            segments: tally.segments,
            cpuMs: (cpu.user + cpu.system) / 1000,
            peakRssMb: rss.stop() / 2 ** 20,
            calls: counter!.byCommand(),
            capacity: counter!.capacity(),
          },
        });
      })().catch((err) => {
        console.error(err);
        process.exit(1);
      });
    }
  });
  process.on('disconnect', () => process.exit(0));
}

/**
 * The worker processes' Node flags: the dispatch-worker Lambda's own (infra/lambda-entries.ts), or
 * `--worker-node-options "<flags>"` (`none` for none) to measure another choice in the same run.
 */
function workerNodeFlags(): string[] {
  const i = process.argv.indexOf('--worker-node-options');
  const flags = i >= 0 ? process.argv[i + 1]! : DISPATCH_WORKER_NODE_OPTIONS;
  return flags === 'none' ? [] : flags.split(' ').filter(Boolean);
}

/** `workers` worker processes, each with its root built (started before a run's clock starts). */
export class WorkerPool {
  private constructor(private readonly children: ChildProcess[]) {}

  static async start(workers: number, env: BenchEnv): Promise<WorkerPool> {
    const children = Array.from({ length: workers }, () =>
      fork(process.argv[1]!, ['--slot-worker'], {
        execArgv: [...process.execArgv, ...workerNodeFlags()],
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      }),
    );
    await Promise.all(
      children.map(
        (child) =>
          new Promise<void>((resolve, reject) => {
            child.once('message', () => resolve());
            child.once('exit', (code) => reject(new Error(`A worker process exited (${code})`)));
            child.send({ cmd: 'init', env } satisfies ToWorker);
          }),
      ),
    );
    return new WorkerPool(children);
  }

  /** One run: every worker takes batches from `batches` until none is left; answers their reports. */
  run(batches: readonly string[], inFlight?: DispatchDeps['inFlight']): Promise<WorkerReport[]> {
    let i = 0;
    return Promise.all(
      this.children.map(
        (child) =>
          new Promise<WorkerReport>((resolve, reject) => {
            const on = (m: FromWorker) => {
              if ('next' in m) child.send({ cmd: 'batch', body: batches[i++] ?? null } satisfies ToWorker);
              if ('done' in m) {
                child.off('message', on);
                child.off('exit', failed);
                resolve(m.done);
              }
            };
            const failed = (code: number | null) => reject(new Error(`A worker process exited (${code})`));
            child.on('message', on);
            child.once('exit', failed);
            child.send({ cmd: 'run', ...(inFlight ? { inFlight } : {}) } satisfies ToWorker);
          }),
      ),
    );
  }

  async close(): Promise<void> {
    await Promise.all(
      this.children.map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null) return resolve();
            child.once('exit', () => resolve());
            child.disconnect();
          }),
      ),
    );
  }
}
