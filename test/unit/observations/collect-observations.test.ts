import {
  collectObservations,
  type CollectDeps,
} from '../../../lambdas/core/observations/collect-observations';
import {
  ObservationUnreachableError,
  type ObservationRepo,
  type ObservationSource,
} from '../../../lambdas/core/observations/observations.ports';
import type { Decision } from '../../../lambdas/core/dispatch/dispatch.ports';
import type { DayObservation, ObservedSeries } from '../../../shared/weather/observed';

const SITE = {
  id: 'site-1',
  name: 'Tower',
  latitude: 47.6,
  longitude: -122.3,
  timezone: 'America/Los_Angeles',
  workingDays: [1, 2, 3, 4, 5],
  workingHours: { start: '07:00', end: '17:00' },
  rules: [{ id: 'gusts', metric: 'wind_gusts' as const, op: '>=' as const, threshold: 48 }],
};

/** A whole local day (PST, UTC−8) of gusts at `gust` km/h. */
function day(date: string, gust: number, hours = 24): ObservedSeries {
  const start = Date.parse(`${date}T08:00:00Z`);
  return {
    source: {
      name: 'Open-Meteo reanalysis',
      kind: 'reanalysis',
      service: 'archive',
      distanceKm: 2,
      attribution: 'CC BY 4.0',
    },
    hours: Array.from({ length: hours }, (_, i) => new Date(start + i * 3_600_000).toISOString()),
    values: { wind_gusts: Array.from({ length: hours }, () => gust) },
  };
}

function memoryRepo(): ObservationRepo & { items: Map<string, DayObservation> } {
  const items = new Map<string, DayObservation>();
  return {
    items,
    get: async (_t, j, d) => items.get(`${j}|${d}`) ?? null,
    listRange: async (_t, j, from, to) =>
      [...items.values()].filter((o) => o.jobsiteId === j && o.workDate >= from && o.workDate <= to),
    put: async (o) => void items.set(`${o.jobsiteId}|${o.workDate}`, o),
  };
}

function setup(source: ObservationSource, now: string) {
  const repo = memoryRepo();
  const decided = ['2026-03-02', '2026-03-03', '2026-03-04'].map(
    (workDate) =>
      ({
        tenantId: 't',
        jobsiteId: SITE.id,
        workDate,
        verdict: 'full',
        rules: SITE.rules,
      }) as unknown as Decision,
  );
  let clock = new Date(now);
  const deps: CollectDeps = {
    observations: { sources: [source], repo },
    records: { jobsites: { get: async (_t: string, id: string) => (id === SITE.id ? SITE : null) } } as never,
    decisions: {
      listRange: async (_t, _j, from, to) => decided.filter((d) => d.workDate >= from && d.workDate <= to),
    } as CollectDeps['decisions'],
    clock: { now: () => clock },
  };
  return { deps, repo, advance: (iso: string) => (clock = new Date(iso)) };
}

/** An archive that answers every day asked with a whole day of 55 km/h gusts, and the days asked. */
function gustyArchive() {
  const asked: string[] = [];
  const source: ObservationSource = {
    name: 'archive',
    covers: () => true,
    fetchDay: async (r) => {
      asked.push(r.date);
      return day(r.date, 55);
    },
  };
  return { asked, source };
}

describe('collecting observations after working days', () => {
  it('should store each ended day once it is fully observed, and ask no more after', async () => {
    const { asked, source } = gustyArchive();
    // Wednesday 2026-03-04 at 06:00 local: Monday and Tuesday have ended, Wednesday has not.
    const { deps, repo } = setup(source, '2026-03-04T14:00:00Z');
    const tally = await collectObservations(deps, [
      { tenantId: 't', jobsiteId: SITE.id },
      { tenantId: 't', jobsiteId: SITE.id },
    ]);
    expect(asked.sort()).toEqual(['2026-03-02', '2026-03-03']);
    expect(tally).toEqual({ fetched: 2, completed: 2, failures: 0 });
    expect(repo.items.get('site-1|2026-03-02')).toMatchObject({
      complete: true,
      attempts: 1,
      lastError: null,
    });
    asked.length = 0;
    await collectObservations(deps, [{ tenantId: 't', jobsiteId: SITE.id }]);
    expect(asked).toEqual([]);
  });

  it("should read a batch's decided days by key, then the stored observations of those days only", async () => {
    const { asked, source } = gustyArchive();
    const { deps, repo } = setup(source, '2026-03-04T14:00:00Z');
    const observationsRead: string[][] = [];
    const decidedRead: string[][] = [];
    const keyOf = (d: { tenantId: string; jobsiteId: string; workDate: string }) =>
      `${d.tenantId}|${d.jobsiteId}|${d.workDate}`;
    const decided = new Set(['2026-03-02', '2026-03-03'].map((workDate) => `t|${SITE.id}|${workDate}`));
    const batched: CollectDeps = {
      ...deps,
      records: {
        jobsites: { getMany: async () => new Map([[`t|${SITE.id}`, SITE]]) },
      } as never,
      decisions: {
        // Never asked for whole decisions: only which days have one.
        getMany: async () => {
          throw new Error('must not read whole decisions');
        },
        decidedOf: async (days: { tenantId: string; jobsiteId: string; workDate: string }[]) => {
          decidedRead.push(days.map((d) => d.workDate));
          return new Set(days.map(keyOf).filter((k) => decided.has(k)));
        },
      } as unknown as CollectDeps['decisions'],
      observations: {
        ...deps.observations,
        repo: {
          ...repo,
          getMany: async (days) => {
            observationsRead.push(days.map((d) => d.workDate));
            return new Map();
          },
        },
      },
    };
    const tally = await collectObservations(batched, [{ tenantId: 't', jobsiteId: SITE.id }]);
    // The week before the jobsite's local today (Wednesday 4 March), read at once.
    expect(decidedRead).toEqual([
      ['2026-02-25', '2026-02-26', '2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02', '2026-03-03'],
    ]);
    expect(observationsRead).toEqual([['2026-03-02', '2026-03-03']]);
    expect(asked.sort()).toEqual(['2026-03-02', '2026-03-03']);
    expect(tally).toEqual({ fetched: 2, completed: 2, failures: 0 });
  });

  it('should keep asking, at most once in 20 hours, while the reanalysis has only part of the day', async () => {
    let hours = 6;
    const source: ObservationSource = {
      name: 'archive',
      covers: () => true,
      fetchDay: async (r) => day(r.date, 20, hours),
    };
    const { deps, repo, advance } = setup(source, '2026-03-03T14:00:00Z');
    await collectObservations(deps, [{ tenantId: 't', jobsiteId: SITE.id }]);
    expect(repo.items.get('site-1|2026-03-02')).toMatchObject({ complete: false, attempts: 1 });
    advance('2026-03-03T20:00:00Z');
    await collectObservations(deps, [{ tenantId: 't', jobsiteId: SITE.id }]);
    expect(repo.items.get('site-1|2026-03-02')!.attempts).toBe(1);
    hours = 24;
    advance('2026-03-04T14:00:00Z');
    await collectObservations(deps, [{ tenantId: 't', jobsiteId: SITE.id }]);
    expect(repo.items.get('site-1|2026-03-02')).toMatchObject({ complete: true, attempts: 2 });
  });

  it('should record why when the service cannot be reached, storing no values', async () => {
    const source: ObservationSource = {
      name: 'archive',
      covers: () => true,
      fetchDay: async () => {
        throw new ObservationUnreachableError('Open-Meteo archive', 'fetch failed');
      },
    };
    const { deps, repo } = setup(source, '2026-03-03T14:00:00Z');
    const tally = await collectObservations(deps, [{ tenantId: 't', jobsiteId: SITE.id }]);
    expect(tally.failures).toBe(1);
    expect(repo.items.get('site-1|2026-03-02')).toMatchObject({
      series: [],
      complete: false,
      lastError: 'Open-Meteo archive could not be reached: fetch failed',
    });
  });

  it('should skip services that do not cover the point', async () => {
    const source: ObservationSource = {
      name: 'ncei',
      covers: () => false,
      fetchDay: async () => {
        throw new Error('must not be asked');
      },
    };
    const { deps, repo } = setup(source, '2026-03-03T14:00:00Z');
    await collectObservations(deps, [{ tenantId: 't', jobsiteId: SITE.id }]);
    expect(repo.items.get('site-1|2026-03-02')).toMatchObject({
      series: [],
      complete: false,
      lastError: null,
    });
  });
});
