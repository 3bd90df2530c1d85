import {
  coversDay,
  daysBetween,
  OBSERVATION_RETRY_DAYS,
  type DayObservation,
  type ObservedSeries,
} from '../../../shared/weather/observed';
import { localClock } from '../../../shared/notice-slots';
import { tenantFromStore } from '../caller';
import type { Decision, DecisionRepo } from '../dispatch/dispatch.ports';
import type { Jobsite } from '../../../shared/records';
import type { Logger } from '../observability.ports';
import type { RecordsStore } from '../records/records.ports';
import type { Clock } from '../runtime.ports';
import { ObservationUnreachableError, type ObservationDeps } from './observations.ports';

export interface CollectDeps {
  observations: ObservationDeps;
  records: RecordsStore;
  decisions: DecisionRepo;
  clock: Clock;
  log?: Logger;
  /** Jobsite days asked about per call at most (a batch must stay well within its Lambda's time). */
  maxDays?: number;
  /** No jobsite is started after this long (real time, ms; default 45 s of the worker's 150 s). */
  timeBudgetMs?: number;
}

/** A day not fully observed is asked again at most this often (the reanalysis is published daily). */
export const OBSERVATION_RETRY_INTERVAL_MS = 20 * 3_600_000;

export interface CollectTally {
  /** Jobsite days a service was asked about. */
  fetched: number;
  /** Of those, days now fully observed. */
  completed: number;
  /** Service failures (unreachable, 5xx after retries): the day is tried again by a later run. */
  failures: number;
}

const shift = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * After each working day, on the dispatch's own schedule: for each jobsite a run took on, the decided
 * days that have ended (within the retry window) and are not yet fully observed are asked of every
 * observation service that covers the point. What each answers is stored with the day; a service that
 * fails or has nothing yet (the reanalysis arrives days late) is asked again by later runs until the
 * window closes. Never throws: observation must not hold up a notice.
 */
export async function collectObservations(
  deps: CollectDeps,
  jobsites: readonly { tenantId: string; jobsiteId: string }[],
): Promise<CollectTally> {
  const tally: CollectTally = { fetched: 0, completed: 0, failures: 0 };
  const seen = new Set<string>();
  const unique = jobsites.filter((j) => {
    const key = `${j.tenantId}|${j.jobsiteId}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  // A few jobsites at a time, and no new one after the time budget: the batch's Lambda has its
  // notices to finish within its timeout; what is left is taken on by the next runs.
  const deadline = Date.now() + (deps.timeBudgetMs ?? 45_000);
  let windows: Map<string, JobsiteWindow> | null = null;
  try {
    windows = await readWindows(deps, unique);
  } catch (err) {
    // Each jobsite is then read on its own, as before the batched reads.
    deps.log?.warn('observation windows could not be read in one go', {
      error: String((err as Error)?.message ?? err),
    });
  }
  for (let i = 0; i < unique.length && Date.now() < deadline; i += COLLECT_CONCURRENCY) {
    await Promise.all(
      unique.slice(i, i + COLLECT_CONCURRENCY).map(async (j) => {
        try {
          const window = windows?.get(`${j.tenantId}|${j.jobsiteId}`);
          await collectForJobsite(deps, j.tenantId, j.jobsiteId, tally, window);
        } catch (err) {
          tally.failures += 1;
          deps.log?.warn('observation collection failed', {
            jobsiteId: j.jobsiteId,
            error: String((err as Error)?.message ?? err),
          });
        }
      }),
    );
  }
  return tally;
}

const COLLECT_CONCURRENCY = 8;

/** A jobsite's retry window, read for the whole batch at once where the stores read in batches. */
interface JobsiteWindow {
  jobsite: Jobsite | null;
  /** The decided days (only their dates are needed). */
  decisions: Pick<Decision, 'workDate'>[];
  stored: DayObservation[];
}

/** The days a jobsite's observations are asked for: its local yesterday and the days before it. */
function windowDays(jobsite: Jobsite, now: Date): string[] {
  const today = localClock(now, jobsite.timezone).date;
  return Array.from({ length: OBSERVATION_RETRY_DAYS }, (_, k) => shift(today, k - OBSERVATION_RETRY_DAYS));
}

/**
 * The batch's jobsites and their windows' decisions and observations in batched reads (a few calls
 * for the whole batch instead of three per jobsite); null where a store cannot read in batches.
 */
async function readWindows(
  deps: CollectDeps,
  jobsites: readonly { tenantId: string; jobsiteId: string }[],
): Promise<Map<string, JobsiteWindow> | null> {
  const getDecisions = deps.decisions.getMany?.bind(deps.decisions);
  const decidedOf = deps.decisions.decidedOf?.bind(deps.decisions);
  const getObservations = deps.observations.repo.getMany?.bind(deps.observations.repo);
  if (!deps.records.jobsites.getMany || !(decidedOf || getDecisions) || !getObservations) return null;
  const read = await deps.records.jobsites.getMany(
    jobsites.map((j) => ({ tenant: tenantFromStore(j.tenantId), id: j.jobsiteId })),
  );
  const now = deps.clock.now();
  // Each jobsite's window, worked out once: its days are read below and then handed out by them.
  const windowOf = new Map(
    jobsites.map((j) => {
      const key = `${j.tenantId}|${j.jobsiteId}`;
      const jobsite = read.get(key) ?? null;
      return [key, { jobsite, dates: jobsite ? windowDays(jobsite, now) : [] }] as const;
    }),
  );
  const days = jobsites.flatMap((j) =>
    windowOf.get(`${j.tenantId}|${j.jobsiteId}`)!.dates.map((workDate) => ({ ...j, workDate })),
  );
  // A stored observation matters only for a decided day: where the store reads the decided days by
  // their keys alone, only those days' observations are read after them (most of a week may be undecided).
  let decisions: { has(key: string): boolean };
  let stored: Map<string, DayObservation>;
  if (decidedOf) {
    const decided = await decidedOf(days);
    decisions = decided;
    stored = await getObservations(
      days.filter((d) => decided.has(`${d.tenantId}|${d.jobsiteId}|${d.workDate}`)),
    );
  } else [decisions, stored] = await Promise.all([getDecisions!(days), getObservations(days)]);
  const windows = new Map<string, JobsiteWindow>();
  for (const j of jobsites) {
    const key = `${j.tenantId}|${j.jobsiteId}`;
    const { jobsite, dates: windowDates } = windowOf.get(key)!;
    const mine = windowDates.map((d) => `${key}|${d}`);
    windows.set(key, {
      jobsite,
      decisions: mine.flatMap((k, i) => (decisions.has(k) ? [{ workDate: windowDates[i]! }] : [])),
      stored: mine.flatMap((k) => stored.get(k) ?? []),
    });
  }
  return windows;
}

async function collectForJobsite(
  deps: CollectDeps,
  tenantId: string,
  jobsiteId: string,
  tally: CollectTally,
  window?: JobsiteWindow,
) {
  const tenant = tenantFromStore(tenantId);
  const jobsite = window ? window.jobsite : await deps.records.jobsites.get(tenant, jobsiteId);
  if (!jobsite) return;
  const now = deps.clock.now();
  const today = localClock(now, jobsite.timezone).date;
  const from = shift(today, -OBSERVATION_RETRY_DAYS);
  const to = shift(today, -1);
  const [decisions, stored] = window
    ? [window.decisions, window.stored]
    : await Promise.all([
        deps.decisions.listRange(tenant, jobsite.id, from, to),
        deps.observations.repo.listRange(tenant, jobsite.id, from, to),
      ]);
  const byDate = new Map(stored.map((o) => [o.workDate, o]));
  const sources = deps.observations.sources.filter((s) => s.covers(jobsite));
  for (const decision of decisions) {
    const previous = byDate.get(decision.workDate) ?? null;
    if (previous?.complete || daysBetween(decision.workDate, today) < 1) continue;
    if (previous && now.getTime() - Date.parse(previous.lastAttemptAt) < OBSERVATION_RETRY_INTERVAL_MS)
      continue;
    if (tally.fetched >= (deps.maxDays ?? 100)) return;
    tally.fetched += 1;
    const site = { ...jobsite, rules: jobsite.rules ?? [] };
    const series: ObservedSeries[] = [];
    const errors: string[] = [];
    let allAnswered = true;
    await Promise.all(
      sources.map(async (source) => {
        const kept = previous?.series.find((s) => seriesFrom(s, source.name));
        if (kept && coversDay(kept, site, decision.workDate)) {
          series.push(kept);
          return;
        }
        try {
          const got = await source.fetchDay({
            latitude: jobsite.latitude,
            longitude: jobsite.longitude,
            date: decision.workDate,
            timezone: jobsite.timezone,
          });
          if (got) series.push(got);
          // Nothing yet, or only part of the day: ask again next time.
          if (!got || !coversDay(got, site, decision.workDate)) allAnswered = false;
        } catch (err) {
          allAnswered = false;
          if (kept) series.push(kept);
          errors.push(
            err instanceof ObservationUnreachableError
              ? `${err.source} could not be reached: ${err.message}`
              : `${source.name} failed: ${String((err as Error)?.message ?? err)}`,
          );
        }
      }),
    );
    if (errors.length) tally.failures += errors.length;
    const observation: DayObservation = {
      tenantId,
      jobsiteId: jobsite.id,
      workDate: decision.workDate,
      // Stations first, then by name: a stable order for the evidence.
      series: series.sort(
        (a, b) => a.source.kind.localeCompare(b.source.kind) || a.source.name.localeCompare(b.source.name),
      ),
      complete: sources.length > 0 && allAnswered,
      attempts: (previous?.attempts ?? 0) + 1,
      lastAttemptAt: now.toISOString(),
      lastError: errors.length ? errors.join('; ') : null,
    };
    if (observation.complete) tally.completed += 1;
    await deps.observations.repo.put(observation);
  }
}

// A source's series carries the service in its attribution-bearing source; match on the service name.
const seriesFrom = (s: ObservedSeries, sourceName: string) => s.source.service === sourceName;
