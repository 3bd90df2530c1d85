import { silentLogger, type Logger, type Metrics } from '../observability.ports';
import type { BatchTally, DispatchRunRepo, DueJobsite, RunRef, UnjudgedJobsite } from './dispatch.ports';
import { notifyJobsites, type NotifyDeps } from './notify-jobsites';
import { batchJobsites } from './load-batch';
import { collectObservations } from '../observations/collect-observations';
import type { ObservationDeps } from '../observations/observations.ports';

export interface BatchDeps extends NotifyDeps {
  runs: DispatchRunRepo;
  log?: Logger;
  metrics?: Metrics;
  /** Observed weather (issue 25): after the notices, the batch's jobsites' ended days are observed. */
  observations?: ObservationDeps;
}

/** One queue message: a batch of due jobsites of one run, as compact tuples (SQS takes 256 KB). */
export interface DispatchBatchMessage {
  runId: string;
  runStartedAt: string;
  slotStart: string;
  /** The instant the run behaves as if it were (admin runs at `at`). */
  asOf: string;
  batchNo: number;
  /** How many unjudged jobsites and errors this batch may add to the run record. */
  unjudgedRoom: number;
  errorsRoom: number;
  /**
   * [tenantId, jobsiteId, workDate, noticeTime, timezone, cell, released]; `released` is '1' for a
   * message quiet hours held until this slot (the worker clears the hold once it has judged it).
   */
  jobsites: [string, string, string, string, string, string, string?][];
}

export function encodeBatch(
  header: Omit<DispatchBatchMessage, 'jobsites'>,
  batch: readonly DueJobsite[],
): string {
  const message: DispatchBatchMessage = {
    ...header,
    jobsites: batch.map((d) => [
      d.tenantId,
      d.jobsiteId,
      d.workDate,
      d.noticeTime,
      d.timezone ?? 'UTC',
      d.cell ?? '',
      d.released ? '1' : '',
    ]),
  };
  return JSON.stringify(message);
}

export function decodeBatch(body: string): DispatchBatchMessage {
  const m = JSON.parse(body) as DispatchBatchMessage;
  if (!m || typeof m.runId !== 'string' || !Array.isArray(m.jobsites))
    throw new Error('Not a dispatch batch message');
  return m;
}

/** One queued tuple back as the due jobsite the planner found. */
export function dueOf([
  tenantId,
  jobsiteId,
  workDate,
  noticeTime,
  timezone,
  cell,
  released,
]: DispatchBatchMessage['jobsites'][number]): DueJobsite {
  return {
    tenantId,
    jobsiteId,
    workDate,
    noticeTime,
    timezone,
    ...(cell ? { cell } : {}),
    ...(released === '1' ? { released: true } : {}),
  };
}

export function unjudgedOf(d: DueJobsite): UnjudgedJobsite {
  return {
    tenantId: d.tenantId,
    jobsiteId: d.jobsiteId,
    workDate: d.workDate,
    noticeTime: d.noticeTime,
    // The planner always knows the zone; UTC only for an entry that somehow lacks it.
    timezone: d.timezone ?? 'UTC',
    ...(d.cell ? { cell: d.cell } : {}),
  };
}

export interface BatchResult {
  tally: BatchTally;
  /** Every jobsite of the batch was judged and every message went out. */
  complete: boolean;
  /** The tally is in the run record (now, or by an earlier delivery of the same message). */
  recorded: boolean;
}

/**
 * The worker's use-case, the same in AWS (one SQS message) and locally (in process): judge and notify
 * one batch, then add its counts to the run record once. A batch that could not judge everything
 * and has attempts left is not recorded, so the retry's counts are the ones that stand; on the last
 * attempt the failure is recorded (its jobsites listed as unjudged, for the next runs to catch up).
 * Claims keep a retried batch from sending anything twice.
 */
export async function workBatch(
  workerDeps: BatchDeps,
  body: string,
  opts: { finalAttempt: boolean },
): Promise<BatchResult> {
  // The batch's jobsites are read once: the notices read them all, the observations find them kept.
  const deps = { ...workerDeps, records: batchJobsites(workerDeps.records) };
  const message = decodeBatch(body);
  const batch = message.jobsites.map(dueOf);
  const log = (deps.log ?? silentLogger).with({
    runId: message.runId,
    slotStart: message.slotStart,
    batch: message.batchNo,
  });
  deps.weather.resetStats();
  const tally: BatchTally = {
    batchNo: message.batchNo,
    judged: 0,
    upstreamCalls: 0,
    forecastCacheHits: 0,
    sent: { notice: 0, update: 0, allClear: 0 },
    failed: 0,
    errors: [],
    unjudged: [],
    finishedAt: '',
  };
  try {
    const outcome = await notifyJobsites(batch, deps, message.runId, new Date(message.asOf));
    tally.judged = outcome.judged;
    tally.failed = outcome.failed + outcome.unjudged.length;
    tally.unjudged = outcome.unjudged.map(unjudgedOf);
    tally.sent = outcome.sent;
    tally.errors = outcome.errors;
  } catch (err) {
    tally.failed = batch.length;
    tally.unjudged = batch.map(unjudgedOf);
    tally.errors = [`Batch ${message.batchNo} failed: ${String((err as Error)?.message ?? err)}`];
  }
  if (deps.observations) {
    // After the notices, never before them: observation is for the record, notices are for the crew.
    const observed = await collectObservations({ ...deps, observations: deps.observations, log }, batch);
    deps.metrics?.count('ObservationFailures', observed.failures);
    if (observed.fetched) log.info('observations collected', { ...observed });
  }
  const stats = deps.weather.stats();
  tally.upstreamCalls = stats.upstreamCalls;
  tally.forecastCacheHits = stats.cacheHits ?? 0;
  tally.finishedAt = deps.clock.now().toISOString();
  deps.metrics?.count('UpstreamCalls', stats.upstreamCalls);
  deps.metrics?.count('UpstreamFailures', stats.failures);
  deps.metrics?.count('ForecastCacheHits', tally.forecastCacheHits);
  const complete = tally.failed === 0;
  const fields = {
    jobsites: batch.length,
    judged: tally.judged,
    failed: tally.failed,
    upstreamCalls: tally.upstreamCalls,
  };

  for (const kind of ['notice', 'update', 'allClear'] as const)
    deps.metrics?.count('MessagesSent', tally.sent[kind], { kind });
  const ref: RunRef = { runId: message.runId, startedAt: message.runStartedAt };
  // What this attempt sent and asked upstream is real whether or not its tally is the batch's.
  const attempt = {
    sent: tally.sent,
    upstreamCalls: tally.upstreamCalls,
    forecastCacheHits: tally.forecastCacheHits,
  };
  if (!complete && !opts.finalAttempt) {
    await deps.runs.addAttempt(ref, attempt);
    log.warn('batch incomplete, left for a retry', { ...fields, errors: tally.errors.slice(0, 5) });
    return { tally, complete, recorded: false };
  }
  const stored: BatchTally = {
    ...tally,
    unjudged: tally.unjudged.slice(0, message.unjudgedRoom),
    errors: tally.errors.slice(0, message.errorsRoom),
  };
  const added = await deps.runs.addBatch(ref, stored);
  if (added) deps.metrics?.count('JobsitesJudged', tally.judged);
  else await deps.runs.addAttempt(ref, attempt);
  if (!added) log.info('batch already counted (a redelivery): counts left as they were', fields);
  else if (complete) log.info('batch done', { ...fields, sent: tally.sent });
  else log.error('batch failed on its last attempt', { ...fields, errors: tally.errors.slice(0, 5) });
  return { tally, complete, recorded: true };
}
