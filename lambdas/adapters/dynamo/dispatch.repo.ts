import type { TenantId } from '../../core/caller';
import {
  type Decision,
  type DecisionRepo,
  type AttemptCounts,
  type BatchTally,
  type DispatchRun,
  type DispatchRunRepo,
  type DueJobsite,
  type NoticeSchedule,
  type RunRef,
  type WorkedMark,
} from '../../core/dispatch/dispatch.ports';
import type { EntityItem } from 'electrodb';
import type { RaincheckService } from './service';
import { tenantKey } from './tenant-keys';
import { batchGetDays } from './batch-get';
import { batchPut } from './batch-put';
import { writtenUnlessConditionFails } from './conditions';
import { RUN_RECORD_CAPS } from '../../core/dispatch/run-record-caps';
import { releasedAt } from '../../core/dispatch/held-messages';
import { nullIfAbsent, pickFields } from '../../../shared/pick-fields';
import { DynamoHeldMessageRepo } from './held-message.repo';
import { evidenceOf, evidenceText } from './decision-evidence';

const RUN_RETENTION_SECONDS = 90 * 24 * 3600;
/** Belt and braces: the planner already caps the lists (RUN_RECORD_CAPS); a stored record never exceeds them. */
const MAX_STORED_DUE = RUN_RECORD_CAPS.dueJobsites;
const MAX_STORED_UNJUDGED = RUN_RECORD_CAPS.unjudged;
/**
 * Characters kept of each error a run records. A run of 100 batches may add one error per batch
 * beyond RUN_RECORD_CAPS.errors (each batch keeps room for one), so the length is what bounds the
 * errors' share of the 400 KB item (test/unit/dispatch/run-record-size.test.ts).
 */
export const MAX_STORED_ERROR_CHARS = 300;
/** An error as the run record keeps it: its head, which names the batch and the cause. */
export const storedError = (error: string): string =>
  error.length > MAX_STORED_ERROR_CHARS ? `${error.slice(0, MAX_STORED_ERROR_CHARS - 1)}…` : error;
/** What ElectroDB reports per item of a canceled transaction. */
type TxOutcome = { rejected: boolean; code: string }[];

export class DynamoNoticeSchedule implements NoticeSchedule {
  constructor(private readonly db: RaincheckService) {}

  async zonesInUse(): Promise<string[]> {
    const { data } = await this.db.entities.zoneInUse.query.all({}).go({ pages: 'all' });
    return data.map((z) => z.timezone);
  }

  async dueAt(timezone: string, time: string) {
    const { data } = await this.db.entities.noticeSlot.query.bySlot({ timezone, time }).go({ pages: 'all' });
    return data.map((s) => ({ ...s, workingDays: s.workingDays ?? [], cell: s.cell ?? undefined }));
  }

  released(slot: Date): Promise<DueJobsite[]> {
    return releasedAt(slot, new DynamoHeldMessageRepo(this.db));
  }
}

export class DynamoDispatchRunRepo implements DispatchRunRepo {
  constructor(private readonly db: RaincheckService) {}

  async record(run: DispatchRun): Promise<void> {
    const expiresAt = Math.floor(Date.parse(run.startedAt) / 1000) + RUN_RETENTION_SECONDS;
    // A DynamoDB item holds at most 400 KB: the list of due jobsites is kept for a look at a run, not
    // for counting (`due` is the count), so only its head is stored; the unjudged list, which the next
    // run catches up from, is capped well under the limit (a larger outage is in `failed` and the log).
    await this.db.entities.dispatchRun
      .put({
        ...run,
        dueJobsites: run.dueJobsites.slice(0, MAX_STORED_DUE),
        unjudged: run.unjudged.slice(0, MAX_STORED_UNJUDGED),
        errors: run.errors.map(storedError),
        checkedJobsites: run.due,
        expiresAt,
      })
      .go();
  }

  async addBatch(run: RunRef, tally: BatchTally): Promise<boolean> {
    const expiresAt = Math.floor(Date.parse(run.startedAt) / 1000) + RUN_RETENTION_SECONDS;
    const result = await this.db.transaction
      .write(({ dispatchBatch, dispatchRun }) => [
        dispatchBatch
          .create({
            runId: run.runId,
            batchNo: tally.batchNo,
            judged: tally.judged,
            failed: tally.failed,
            countedAt: tally.finishedAt,
            expiresAt,
          })
          .commit(),
        // ADD, so batches finishing in any order (in parallel workers) each count once.
        dispatchRun
          .patch({ startedAt: run.startedAt, runId: run.runId })
          .data((a, op) => {
            op.add(a.judged, tally.judged);
            op.add(a.upstreamCalls, tally.upstreamCalls);
            op.add(a.forecastCacheHits, tally.forecastCacheHits);
            op.add(a.failed, tally.failed);
            op.add(a.batchesDone, 1);
            op.add(a.sent.notice, tally.sent.notice);
            op.add(a.sent.update, tally.sent.update);
            op.add(a.sent.allClear, tally.sent.allClear);
            if (tally.unjudged.length > 0) op.append(a.unjudged, tally.unjudged);
            if (tally.errors.length > 0) op.append(a.errors, tally.errors.map(storedError));
            op.set(a.finishedAt, tally.finishedAt);
          })
          .commit(),
      ])
      .go();
    if (!result.canceled) return true;
    const data = result.data as unknown as TxOutcome;
    if (data[0]?.code === 'ConditionalCheckFailed') return false;
    throw new Error(`Could not count batch ${tally.batchNo} of run ${run.runId}: ${JSON.stringify(data)}`);
  }

  async addAttempt(run: RunRef, counts: AttemptCounts): Promise<void> {
    if (
      counts.upstreamCalls +
        counts.forecastCacheHits +
        Object.values(counts.sent).reduce((a, b) => a + b, 0) ===
      0
    )
      return;
    await this.db.entities.dispatchRun
      .patch({ startedAt: run.startedAt, runId: run.runId })
      .data((a, op) => {
        op.add(a.upstreamCalls, counts.upstreamCalls);
        op.add(a.forecastCacheHits, counts.forecastCacheHits);
        op.add(a.sent.notice, counts.sent.notice);
        op.add(a.sent.update, counts.sent.update);
        op.add(a.sent.allClear, counts.sent.allClear);
      })
      .go();
  }

  async get(run: RunRef): Promise<DispatchRun | null> {
    const { data } = await this.db.entities.dispatchRun
      .get({ startedAt: run.startedAt, runId: run.runId })
      .go({ consistent: true });
    return data ? toRun(data) : null;
  }

  async listRecent(limit: number): Promise<DispatchRun[]> {
    const nowSeconds = Math.floor(Date.now() / 1000);
    const { data } = await this.db.entities.dispatchRun.query.byTime({}).go({ order: 'desc', limit });
    // TTL deletion is lazy even in AWS: filter expired items on read.
    return data.filter((r) => !r.expiresAt || r.expiresAt > nowSeconds).map(toRun);
  }
}

type RunItem = EntityItem<RaincheckService['entities']['dispatchRun']>;

function toRun(r: RunItem): DispatchRun {
  return {
    ...pickFields(r, ['runId', 'startedAt', 'finishedAt', 'slotStart']),
    trigger: r.trigger === 'admin' ? 'admin' : 'schedule',
    due: r.due ?? r.dueJobsites?.length ?? 0,
    judged: r.judged ?? 0,
    upstreamCalls: r.upstreamCalls ?? 0,
    sent: { notice: r.sent?.notice ?? 0, update: r.sent?.update ?? 0, allClear: r.sent?.allClear ?? 0 },
    failed: r.failed ?? 0,
    errors: r.errors ?? [],
    dueJobsites: (r.dueJobsites ?? []).map((d) => ({
      tenantId: d.tenantId,
      jobsiteId: d.jobsiteId,
      workDate: d.workDate ?? '',
    })),
    caughtUp: r.caughtUp ?? 0,
    unjudged: (r.unjudged ?? []).map((u) => ({
      tenantId: u.tenantId,
      jobsiteId: u.jobsiteId,
      workDate: u.workDate,
      noticeTime: u.noticeTime,
      timezone: u.timezone,
      ...(u.cell ? { cell: u.cell } : {}),
    })),
    ...(r.batches === undefined ? {} : { batches: r.batches, batchesDone: r.batchesDone ?? 0 }),
    ...(r.forecastCacheHits === undefined ? {} : { forecastCacheHits: r.forecastCacheHits }),
  };
}

export class DynamoDecisionRepo implements DecisionRepo {
  constructor(private readonly db: RaincheckService) {}

  async get(tenant: TenantId, jobsiteId: string, workDate: string): Promise<Decision | null> {
    const { data } = await this.db.entities.dispatchDecision
      .get(tenantKey(tenant, { jobsiteId, workDate }))
      .go();
    return data ? decisionFromItem(data) : null;
  }

  async getMany(
    days: readonly { tenantId: string; jobsiteId: string; workDate: string }[],
  ): Promise<Map<string, Decision>> {
    return batchGetDays(
      'decisions',
      days,
      (keys) => this.db.entities.dispatchDecision.get(keys).go(),
      decisionFromItem,
    );
  }

  async decidedOf(
    days: readonly { tenantId: string; jobsiteId: string; workDate: string }[],
  ): Promise<Set<string>> {
    const decided = await batchGetDays(
      'decisions',
      days,
      (keys) => this.db.entities.dispatchDecision.get(keys).go({ attributes: DAY_KEY }),
      (item) => pickFields(item, DAY_KEY),
    );
    return new Set(decided.keys());
  }

  async listRange(tenant: TenantId, jobsiteId: string, from: string, to: string): Promise<Decision[]> {
    const { data } = await this.db.entities.dispatchDecision.query
      .byJobsiteDay(tenantKey(tenant, { jobsiteId }))
      .between({ workDate: from }, { workDate: to })
      .go({ pages: 'all' });
    return data.map(decisionFromItem);
  }

  async mark(tenant: TenantId, jobsiteId: string, workDate: string, mark: WorkedMark): Promise<boolean> {
    return writtenUnlessConditionFails(async () => {
      const update = this.db.entities.dispatchDecision.patch(tenantKey(tenant, { jobsiteId, workDate })).set({
        worked: mark.worked,
        markedAt: mark.markedAt,
        markedBy: mark.markedBy,
        ...(mark.markedById ? { markedById: mark.markedById } : {}),
      });
      await (mark.note ? update.set({ workedNote: mark.note }) : update.remove(['workedNote'])).go();
    });
  }

  async put(decision: Decision): Promise<void> {
    await this.db.entities.dispatchDecision.put(decisionItem(decision)).go();
  }

  async putMany(decisions: readonly Decision[]): Promise<void> {
    await batchPut('decisions', decisions.map(decisionItem), (items) =>
      this.db.entities.dispatchDecision.put(items).go(),
    );
  }
}

/** A decision's key: what `decidedOf` reads of each (its forecast, judgement and rules are most of it). */
const DAY_KEY = ['tenantId', 'jobsiteId', 'workDate'] as const;

/**
 * A decision as its item stores it: absent fields left out, the forecast's source beside it for the
 * index, and the judgement, rules, forecast and announcement as one JSON string (decision-evidence.ts).
 */
function decisionItem(decision: Decision) {
  const { judgement: _j, rules: _r, forecast: _f, announcement: _a, ...rest } = decision;
  return {
    ...rest,
    evidence: evidenceText(decision),
    lastKind: decision.lastKind ?? undefined,
    source: decision.forecast?.source,
    worked: decision.worked ?? undefined,
    workedNote: decision.workedNote ?? undefined,
    markedAt: decision.markedAt ?? undefined,
    markedBy: decision.markedBy ?? undefined,
    markedById: decision.markedById ?? undefined,
  };
}

type DecisionItem = NonNullable<
  Awaited<ReturnType<ReturnType<RaincheckService['entities']['dispatchDecision']['get']>['go']>>['data']
>;

function decisionFromItem(data: DecisionItem): Decision {
  return {
    ...pickFields(data, ['tenantId', 'jobsiteId', 'workDate', 'verdict', 'hoursLost', 'delayCalled']),
    ...evidenceOf(data),
    lastKind: (data.lastKind as Decision['lastKind']) ?? null,
    decidedAt: data.decidedAt,
    runId: data.runId ?? '',
    ...nullIfAbsent(data, ['worked', 'workedNote', 'markedAt', 'markedBy', 'markedById']),
  };
}

export { DynamoClaimRepo, countSentPerDay, sentMessageOf } from './claims.repo';
