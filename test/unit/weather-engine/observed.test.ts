import fs from 'node:fs';
import path from 'node:path';
import { hourlyFromIsd } from '../../../lambdas/adapters/observations/ncei-isd';
import { parseStationSearch } from '../../../lambdas/adapters/observations/ncei.source';
import { parseOpenMeteo } from '../../../shared/weather/open-meteo-response';
import type { DayJudgement } from '../../../shared/weather/engine';
import {
  nearestStation,
  observedEvidence,
  OBSERVATION_RETRY_DAYS,
  type DayObservation,
  type ObservedSeries,
} from '../../../shared/weather/observed';
import type { Rule } from '../../../shared/weather/rule';
import { GUSTS, OBSERVED_DATE, RAIN, SEATTLE } from '../../support/observation-fixtures';

const FIXTURES = path.resolve(__dirname, '../../fixtures/observations');
const read = (name: string) => JSON.parse(fs.readFileSync(path.join(FIXTURES, name), 'utf8')) as unknown;

const SITE = {
  ...SEATTLE,
  workingDays: [1, 2, 3, 4, 5],
  workingHours: { start: '07:00', end: '17:00' },
};
const DATE = OBSERVED_DATE;
const RAIN_CHANCE: Rule = { id: 'rain-chance', metric: 'precipitation_probability', op: '>=', threshold: 60 };

/** The station's series of the local day, from the fixture's ISD reports. */
function stationSeries(): ObservedSeries {
  const hourly = hourlyFromIsd(
    read('ncei_global-hourly_72793524234_2026-03-03_2026-03-05.json') as unknown[],
  );
  const fmt = new Intl.DateTimeFormat('en-CA', {
    timeZone: SITE.timezone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  const keep = hourly.hours.flatMap((ms, i) => (fmt.format(ms) === DATE ? [i] : []));
  return {
    source: {
      name: 'SEATTLE BOEING FIELD, WA US',
      kind: 'station',
      service: 'ncei',
      stationId: '72793524234',
      distanceKm: 8.8,
      attribution: 'NOAA NCEI',
    },
    hours: keep.map((i) => new Date(hourly.hours[i]!).toISOString()),
    values: Object.fromEntries(
      Object.entries(hourly.values).map(([k, v]) => [k, keep.map((i) => v[i] ?? null)]),
    ),
  };
}

function observation(series: ObservedSeries[], extra: Partial<DayObservation> = {}): DayObservation {
  return {
    tenantId: 't',
    jobsiteId: 'j',
    workDate: DATE,
    series,
    complete: true,
    attempts: 1,
    lastAttemptAt: '2026-03-05T13:00:00.000Z',
    lastError: null,
    ...extra,
  };
}

const called = (ids: string[]): DayJudgement => ({
  date: DATE,
  verdict: 'full',
  hoursLost: 10,
  workingHours: 10,
  rules: ids.map((id) => ({ id, kind: 'delay' as const, hours: ['10:00', '11:00'], peak: 55, reason: '' })),
});

describe('station choice by distance', () => {
  const stations = parseStationSearch(read('ncei_search_global-hourly_seattle_2026-03-04.json'));

  it('should choose the nearest station when several report around the jobsite', () => {
    const chosen = nearestStation(SITE, stations);
    expect(chosen?.id).toBe('72793524234'); // Boeing Field, nearer than Sea-Tac and Renton
    expect(chosen?.distanceKm).toBeCloseTo(8.8, 0);
  });

  it('should choose another station when the jobsite is nearer to it', () => {
    expect(nearestStation({ latitude: 47.45, longitude: -122.31 }, stations)?.id).toBe('72793024233');
    expect(nearestStation({ latitude: 47.49, longitude: -122.21 }, stations)?.id).toBe('72793694248');
  });

  it('should choose no station when none is within 40 km', () => {
    expect(nearestStation({ latitude: 48.5, longitude: -122.3 }, stations)).toBeNull();
  });

  it('should break a tie of distance by the lower station id', () => {
    const twins = [
      { id: 'B', name: 'B', latitude: 47.7, longitude: -122.3 },
      { id: 'A', name: 'A', latitude: 47.7, longitude: -122.3 },
    ];
    expect(nearestStation({ latitude: 47.6, longitude: -122.3 }, twins)?.id).toBe('A');
  });
});

describe('verdict per rule on the fixture observations (written from the docs)', () => {
  const station = stationSeries();
  const verdictOf = (
    rules: Rule[],
    judgement: DayJudgement | null,
    obs: DayObservation | null,
    today = '2026-03-06',
  ) =>
    observedEvidence({
      date: DATE,
      site: { ...SITE, rules },
      forecastVerdict: judgement?.verdict ?? 'none',
      forecastJudgement: judgement,
      observation: obs,
      today,
    });

  it('should confirm a day called off for gusts when the station measured gusts over the limit', () => {
    const e = verdictOf([GUSTS, RAIN], called(['crane-gusts']), observation([station]));
    expect(e.status).toBe('confirmed');
    expect(e.judgedOn).toBe('SEATTLE BOEING FIELD, WA US');
    const gusts = e.rules.find((r) => r.id === 'crane-gusts')!;
    expect(gusts.observed?.hours).toEqual(['10:00', '11:00', '12:00', '13:00']);
    expect(gusts.observed!.peak).toBeGreaterThanOrEqual(48.28);
  });

  it('should not confirm a day called off for rain when the station measured less than the limit', () => {
    const e = verdictOf([GUSTS, RAIN], called(['rain-rate']), observation([station]));
    expect(e.status).toBe('not-confirmed');
    expect(e.rules.find((r) => r.id === 'rain-rate')!.observed).toBeNull();
  });

  it('should check a rain-chance rule as measurable rain in the hour', () => {
    const e = verdictOf([RAIN_CHANCE], called(['rain-chance']), observation([station]));
    expect(e.status).toBe('confirmed');
    expect(e.rules[0]!.observed?.hours).toEqual(['11:00', '12:00', '13:00', '14:00']);
  });

  it('should not confirm a day let go ahead when observed gusts met the limit', () => {
    expect(verdictOf([GUSTS], null, observation([station])).status).toBe('not-confirmed');
    expect(verdictOf([{ ...GUSTS, threshold: 80 }], null, observation([station])).status).toBe('confirmed');
  });

  it('should judge on the reanalysis when no station covers the day', () => {
    const [parsed] = parseOpenMeteo(read('openmeteo_archive_47.6062_-122.3321_2026-03-03_2026-03-05.json'));
    const fmt = new Intl.DateTimeFormat('en-CA', {
      timeZone: SITE.timezone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    const keep = Array.from(parsed!.time).flatMap((ms, i) => (fmt.format(ms) === DATE ? [i] : []));
    const reanalysis: ObservedSeries = {
      source: {
        name: 'Open-Meteo reanalysis',
        kind: 'reanalysis',
        service: 'open-meteo-archive',
        distanceKm: 3.5,
        attribution: 'Open-Meteo',
      },
      hours: keep.map((i) => new Date(parsed!.time[i]!).toISOString()),
      values: { wind_gusts: keep.map((i) => parsed!.values.wind_gusts![i]!) },
    };
    const e = verdictOf([GUSTS], called(['crane-gusts']), observation([reanalysis]));
    expect(e.status).toBe('confirmed');
    expect(e.judgedOn).toBe('Open-Meteo reanalysis');
  });

  it('should read pending while nothing is observed within the retry window, then unavailable', () => {
    expect(verdictOf([GUSTS], called(['crane-gusts']), null, '2026-03-05').status).toBe('pending');
    const late = verdictOf(
      [GUSTS],
      called(['crane-gusts']),
      null,
      `2026-03-${String(5 + OBSERVATION_RETRY_DAYS).padStart(2, '0')}`,
    );
    expect(late.status).toBe('unavailable');
    expect(late.reason).toMatch(/No observation/);
  });

  it('should read unavailable, with the reason, when the services could not be reached', () => {
    const e = verdictOf(
      [GUSTS],
      called(['crane-gusts']),
      observation([], {
        complete: false,
        lastError: 'Open-Meteo archive could not be reached: fetch failed',
      }),
      '2026-03-05',
    );
    expect(e.status).toBe('unavailable');
    expect(e.reason).toContain('could not be reached');
    expect(e.series).toEqual([]);
  });

  it('should read pending when the series stops before the working day ends', () => {
    const cut = {
      ...station,
      hours: station.hours.slice(0, 12),
      values: Object.fromEntries(Object.entries(station.values).map(([k, v]) => [k, v!.slice(0, 12)])),
    };
    expect(verdictOf([GUSTS], called(['crane-gusts']), observation([cut], { complete: false })).status).toBe(
      'pending',
    );
  });
});
