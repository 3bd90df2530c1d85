import {
  coversDay,
  daysBetween,
  OBSERVATION_RETRY_DAYS,
  type DayObservation,
  type ObservedSeries,
} from '../../../shared/weather/observed';
import { localClock } from '../../../shared/notice-slots';
import { tenantFromStore } from '../caller';
import type { DecisionRepo } from '../dispatch/dispatch.ports';
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
  for (let i = 0; i < unique.length && Date.now() < deadline; i += COLLECT_CONCURRENCY) {
    await Promise.all(
      unique.slice(i, i + COLLECT_CONCURRENCY).map(async (j) => {
        try {
          await collectForJobsite(deps, j.tenantId, j.jobsiteId, tally);
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

async function collectForJobsite(
  deps: CollectDeps,
  tenantId: string,
  jobsiteId: string,
  tally: CollectTally,
) {
  const tenant = tenantFromStore(tenantId);
  const jobsite = await deps.records.jobsites.get(tenant, jobsiteId);
  if (!jobsite) return;
  const now = deps.clock.now();
  const today = localClock(now, jobsite.timezone).date;
  const from = shift(today, -OBSERVATION_RETRY_DAYS);
  const to = shift(today, -1);
  const [decisions, stored] = await Promise.all([
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
