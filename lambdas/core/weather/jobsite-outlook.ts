import type { Jobsite } from '../../../shared/records';
import { deriveSeries, isDerivedMetric } from '../../../shared/weather/derived';
import { judgeForecast, type DayJudgement } from '../../../shared/weather/engine';
import { gridCell } from '../../../shared/weather/grid-cell';
import type { RuleMetric } from '../../../shared/weather/rule';
import type { JobsiteOutlook, OutlookDay, OutlookResponse } from '../../../shared/weather/outlook';
import type { AccountRepo } from '../account/account.ports';
import type { TenantId } from '../caller';
import type { RecordsStore } from '../records/records.ports';
import type { Clock } from '../runtime.ports';
import type { WeatherProvider } from './weather.ports';
import type { HolidayCalendarRepo } from '../holidays/holidays.ports';
import { NonWorkingDayLookup } from '../holidays/non-working-days';
import { localClock } from '../../../shared/notice-slots';
import type { HourlyForecast } from '../../../shared/weather/forecast';
import { pastDaysFor } from './forecast-input';
import { listRecords } from '../records/record-crud';
import { SEARCH_FIELDS } from '../records/record-search';

/** The forecast from hour `index` on. */
function hoursFrom(forecast: HourlyForecast, index: number): HourlyForecast {
  const values: HourlyForecast['values'] = {};
  for (const [name, series] of Object.entries(forecast.values))
    if (series) values[name as keyof HourlyForecast['values']] = series.subarray(index);
  return { ...forecast, time: forecast.time.subarray(index), values };
}

/** A day nobody works carries its name and no delay: dispatch sends nothing for it. */
function withHolidays(days: DayJudgement[], nonWorking: Map<string, string>): OutlookDay[] {
  return days.map((d) => {
    const holiday = nonWorking.get(d.date);
    return holiday ? { ...d, verdict: 'none', hoursLost: 0, rules: [], holiday } : { ...d, holiday: null };
  });
}

const round = (v: number) => (Number.isFinite(v) ? Math.round(v * 100) / 100 : null);

/** What judging an outlook reads. */
export interface OutlookDeps {
  records: RecordsStore;
  weather: WeatherProvider;
  accounts: Pick<AccountRepo, 'getProfile'>;
  clock: Clock;
  holidays: HolidayCalendarRepo;
}

/** `GET /api/weather?limit=&cursor=&q=`: one page of the account's active jobsites, in name order. */
export interface OutlookPageQuery {
  days: number;
  limit: number;
  cursor?: string;
  q?: string;
}

/** Table reads one page may take to gather `limit` active jobsites past inactive ones. */
const MAX_PAGE_READS = 4;

/**
 * One page of the account's active jobsites with their coming days (`/weather`, the dashboard, the
 * map), read from the table in name order with a cursor: an account of 5,000 jobsites answers in
 * pages a phone can draw and a Lambda can return, not in one answer of every jobsite.
 */
export async function jobsiteOutlooks(
  tenant: TenantId,
  deps: OutlookDeps,
  query: OutlookPageQuery,
): Promise<OutlookResponse> {
  const active: Jobsite[] = [];
  let cursor = query.cursor;
  for (let reads = 0; reads < MAX_PAGE_READS; reads++) {
    const page = await listRecords(
      deps.records.jobsites,
      tenant,
      {
        sort: 'name',
        limit: query.limit - active.length,
        ...(cursor ? { cursor } : {}),
        ...(query.q ? { q: query.q } : {}),
      },
      SEARCH_FIELDS.jobsite,
    );
    active.push(...page.items.filter((j) => j.active));
    cursor = page.nextCursor ?? undefined;
    if (!cursor || active.length >= query.limit) break;
  }
  return { ...(await outlooksOf(tenant, active, deps, { days: query.days })), nextCursor: cursor ?? null };
}

/**
 * The coming days of the given jobsites (the active ones, in the order given), judged by the same
 * engine the dispatch uses, with the hourly data behind each verdict. Jobsites in one grid cell share
 * one upstream location, as in the dispatch.
 */
export async function outlooksOf(
  tenant: TenantId,
  jobsites: readonly Jobsite[],
  deps: OutlookDeps,
  opts: { days: number },
): Promise<Omit<OutlookResponse, 'nextCursor'>> {
  const profile = await deps.accounts.getProfile(tenant);
  const units = profile?.units ?? 'us';
  const active = jobsites.filter((j) => j.active);
  const keyOf = (j: Jobsite) => `${gridCell(j.latitude, j.longitude).key}|${j.scenario ?? ''}`;
  const locations = new Map(
    active.map((j) => {
      const cell = gridCell(j.latitude, j.longitude);
      return [
        keyOf(j),
        { key: keyOf(j), latitude: cell.latitude, longitude: cell.longitude, scenario: j.scenario },
      ];
    }),
  );
  const now = deps.clock.now();
  // Each jobsite's own "today": west of UTC, after 00:00 UTC it began yesterday in UTC.
  const todayOf = new Map(active.map((j) => [j.id, localClock(now, j.timezone)]));
  const pastDays = pastDaysFor(
    [...todayOf.values()].map((c) => c.date),
    now,
  );
  const results = new Map(
    (
      await deps.weather.forecast([...locations.values()], {
        days: opts.days,
        now,
        ...(pastDays ? { pastDays } : {}),
      })
    ).map((r) => [r.key, r]),
  );
  const nonWorking = new NonWorkingDayLookup(deps.holidays);
  const holidaysOf = new Map(
    await Promise.all(active.map(async (j) => [j.id, await nonWorking.of(tenant, j)] as const)),
  );
  const items = active.map((j): JobsiteOutlook => {
    const base = {
      jobsite: {
        id: j.id,
        name: j.name,
        timezone: j.timezone,
        workingDays: j.workingDays,
        workingHours: j.workingHours,
        scenario: j.scenario,
        active: j.active,
      },
      rules: j.rules,
    };
    const result = results.get(keyOf(j));
    if (!result || !result.ok) {
      return {
        ...base,
        source: null,
        error: result && !result.ok ? result.error : 'No forecast',
        days: [],
        hourly: { time: [], values: {} },
      };
    }
    const today = todayOf.get(j.id)!;
    // Yesterday's hours, where they were asked for, serve a day still running, not a day gone.
    const from = pastDays
      ? Math.floor((now.getTime() - today.minuteOfDay * 60_000) / 3_600_000) * 3_600_000
      : -Infinity;
    const kept = result.forecast.time.findIndex((t) => t >= from);
    const forecast = kept > 0 ? hoursFrom(result.forecast, kept) : result.forecast;
    const days = withHolidays(
      judgeForecast(forecast, { ...j, rules: j.rules }, { units }).filter((d) => d.date >= today.date),
      holidaysOf.get(j.id)!,
    );
    const metrics = new Set<RuleMetric>(j.rules.map((r) => r.metric));
    const values: JobsiteOutlook['hourly']['values'] = {};
    for (const metric of metrics) {
      const series = isDerivedMetric(metric) ? deriveSeries(forecast, metric) : forecast.values[metric];
      if (series) values[metric] = Array.from(series, round);
    }
    return {
      ...base,
      source: forecast.source,
      error: null,
      days,
      hourly: { time: Array.from(forecast.time, (t) => new Date(t).toISOString()), values },
    };
  });
  return { units, items };
}
