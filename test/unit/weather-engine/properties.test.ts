import fc from 'fast-check';
import {
  compileSite,
  DaySummaries,
  dayRange,
  judgeForecast,
  RuleEngine,
  VERDICTS,
  type DayJudgement,
  type JobsiteRules,
} from '../../../shared/weather/engine';
import { dateOfDay, localTimeline } from '../../../shared/weather/local-time';
import { PRESETS } from '../../../shared/weather/presets';
import type { ForecastVariable, HourlyForecast } from '../../../shared/weather/forecast';
import type { Rule } from '../../../shared/weather/rule';
import { fromDisplay, toDisplay } from '../../../shared/weather/units';
import { HOUR } from './helpers';

const HOURS = 24 * 5;
const START = Date.parse('2026-03-06T00:00:00Z'); // spans the 2026-03-08 US switch

const ZONES = [
  'UTC',
  'America/Toronto',
  'America/Denver',
  'Australia/Melbourne',
  'Asia/Kolkata',
  'Europe/Berlin',
];

/** Weather series with some missing hours. */
const series = (min: number, max: number) =>
  fc.array(
    fc.oneof({ weight: 12, arbitrary: fc.integer({ min, max }) }, { weight: 1, arbitrary: fc.constant(NaN) }),
    {
      minLength: HOURS,
      maxLength: HOURS,
    },
  );

const weatherArb = fc.record({
  gusts: series(0, 90), // km/h
  temperature: series(-20, 20), // °C
  precipitation: series(0, 6), // mm/h
  probability: series(0, 100), // %
});
interface Weather {
  gusts: number[];
  temperature: number[];
  precipitation: number[];
  probability: number[];
}

const scheduleArb = fc.record({
  timezone: fc.constantFrom(...ZONES),
  workingDays: fc.uniqueArray(fc.integer({ min: 1, max: 7 }), { minLength: 1, maxLength: 7 }),
  // Windows from 23:00 on cross midnight (night shifts); length 24 − start ends at 24:00.
  start: fc.integer({ min: 0, max: 23 }),
  length: fc.integer({ min: 1, max: 14 }),
});

/**
 * Rules where each variable has one direction: gusts, precipitation and probability are upper
 * limits, temperature a lower one; so "worse weather" is well defined.
 */
const rulesArb = fc
  .record({
    gust: fc.integer({ min: 20, max: 70 }),
    clear: fc.option(fc.integer({ min: 0, max: 15 }), { nil: undefined }),
    minDuration: fc.option(fc.integer({ min: 1, max: 4 }), { nil: undefined }),
    cold: fc.integer({ min: -10, max: 10 }),
    rain: fc.integer({ min: 1, max: 5 }),
    floor: fc.option(fc.integer({ min: 0, max: 100 }), { nil: undefined }),
    hold: fc.option(fc.integer({ min: 1, max: 2 }), { nil: undefined }),
    chance: fc.integer({ min: 30, max: 90 }),
  })
  .map(({ gust, clear, minDuration, cold, rain, floor, hold, chance }): Rule[] => [
    {
      id: 'gusts',
      metric: 'wind_gusts',
      op: '>=',
      threshold: gust,
      clearThreshold: clear === undefined ? undefined : gust - clear,
      minDurationHours: minDuration,
    },
    { id: 'cold', metric: 'temperature', op: '<', threshold: cold, holdHours: hold },
    { id: 'rain', metric: 'precipitation', op: '>', threshold: rain, probabilityFloor: floor },
    { id: 'chance', metric: 'precipitation_probability', op: '>=', threshold: chance },
    { id: 'storm', metric: 'precipitation', op: '>=', threshold: rain * 6, sumHours: 12 },
  ]);

function toForecast(w: Weather): HourlyForecast {
  const time = new Float64Array(HOURS).map((_, i) => START + i * HOUR);
  const values: Partial<Record<ForecastVariable, Float64Array>> = {
    wind_gusts: Float64Array.from(w.gusts),
    temperature: Float64Array.from(w.temperature),
    precipitation: Float64Array.from(w.precipitation),
    precipitation_probability: Float64Array.from(w.probability),
  };
  return { latitude: 0, longitude: 0, time, values, source: 'simulated' };
}

const pad = (h: number) => `${String(h).padStart(2, '0')}:00`;
interface Schedule {
  timezone: string;
  workingDays: number[];
  start: number;
  length: number;
}
function toSite(s: Schedule, rules: Rule[]): JobsiteRules {
  return {
    timezone: s.timezone,
    workingDays: s.workingDays,
    workingHours: {
      start: pad(s.start),
      // Past midnight the window crosses into the next day (a night shift); exactly midnight is 24:00.
      end: s.start + s.length === 24 ? '24:00' : pad((s.start + s.length) % 24),
    },
    rules,
  };
}

const rank = (d: DayJudgement) => VERDICTS.indexOf(d.verdict);

describe('rule engine properties', () => {
  it('should never give a lesser verdict or fewer hours lost when the weather gets worse', () => {
    const worse = fc.record({
      gusts: fc.array(fc.integer({ min: 0, max: 30 }), { minLength: HOURS, maxLength: HOURS }),
      colder: fc.array(fc.integer({ min: 0, max: 10 }), { minLength: HOURS, maxLength: HOURS }),
      rain: fc.array(fc.integer({ min: 0, max: 3 }), { minLength: HOURS, maxLength: HOURS }),
      chance: fc.array(fc.integer({ min: 0, max: 40 }), { minLength: HOURS, maxLength: HOURS }),
    });
    fc.assert(
      fc.property(weatherArb, worse, scheduleArb, rulesArb, (w, d, s, rules) => {
        // Prepare: the same weather, worse in every hour for every rule.
        const site = toSite(s, rules);
        const bad: Weather = {
          gusts: w.gusts.map((v, i) => v + d.gusts[i]!),
          temperature: w.temperature.map((v, i) => v - d.colder[i]!),
          precipitation: w.precipitation.map((v, i) => v + d.rain[i]!),
          probability: w.probability.map((v, i) => Math.min(100, v + d.chance[i]!)),
        };

        // Act
        const before = judgeForecast(toForecast(w), site);
        const after = judgeForecast(toForecast(bad), site);

        // Assert
        expect(after.map((x) => x.date)).toEqual(before.map((x) => x.date));
        after.forEach((day, k) => {
          expect(rank(day)).toBeGreaterThanOrEqual(rank(before[k]!));
          expect(day.hoursLost).toBeGreaterThanOrEqual(before[k]!.hoursLost);
        });
      }),
      { numRuns: 150 },
    );
  });

  it('should never cite an hour outside the working hours or a day off', () => {
    fc.assert(
      fc.property(weatherArb, scheduleArb, rulesArb, (w, s, rules) => {
        // Prepare
        const site = toSite(s, rules);
        const start = Number(site.workingHours.start.slice(0, 2)) * 60;
        const [eh, em] = site.workingHours.end.split(':').map(Number);
        const end = eh! * 60 + em!;
        // A night shift's hours run from its start to midnight, then from midnight to its end.
        const inWindow = (m: number) => (end > start ? m >= start && m < end : m >= start || m < end);

        // Act
        const days = judgeForecast(toForecast(w), site);

        // Assert
        for (const day of days) {
          const weekday = ((new Date(`${day.date}T12:00:00Z`).getUTCDay() + 6) % 7) + 1;
          expect(s.workingDays).toContain(weekday);
          expect(day.hoursLost).toBeLessThanOrEqual(day.workingHours);
          expect(day.verdict === 'none').toBe(day.hoursLost === 0);
          for (const r of day.rules) {
            for (const h of r.hours) {
              const m = Number(h.slice(0, 2)) * 60 + Number(h.slice(3));
              expect(inWindow(m)).toBe(true);
            }
          }
        }
      }),
      { numRuns: 150 },
    );
  });

  it('should give the same verdicts for the same weather given in metric or in US units', () => {
    // Canonical values on an awkward grid (sevenths), thresholds picked among the values themselves:
    // many hours sit exactly at a threshold, where a unit round trip (°C → °F → °C moves ~6% of such
    // values by one ulp) could flip a comparison.
    const grid = (min: number, max: number) =>
      fc.array(
        fc.integer({ min: min * 7, max: max * 7 }).map((v) => v / 7),
        { minLength: HOURS, maxLength: HOURS },
      );
    const metricWeather = fc.record({
      gusts: grid(0, 90),
      temperature: grid(-20, 30),
      precipitation: grid(0, 8),
    });
    const picks = fc.record({ g: fc.nat(HOURS - 1), t: fc.nat(HOURS - 1), p: fc.nat(HOURS - 1) });
    fc.assert(
      fc.property(metricWeather, scheduleArb, picks, (w, s, pick) => {
        // Prepare: the weather in metric (canonical) units, and the same weather shown in US units
        // and converted back to canonical.
        const rules: Rule[] = [
          { id: 'gusts', metric: 'wind_gusts', op: '>=', threshold: w.gusts[pick.g]! },
          { id: 'cold', metric: 'temperature', op: '<=', threshold: w.temperature[pick.t]! },
          { id: 'warm', metric: 'temperature', op: '>', threshold: w.temperature[(pick.t + 7) % HOURS]! },
          { id: 'rain', metric: 'precipitation', op: '>=', threshold: w.precipitation[pick.p]! },
        ];
        const metric: Weather = { ...w, probability: new Array<number>(HOURS).fill(0) };
        const roundTrip = (m: 'wind_gusts' | 'temperature' | 'precipitation', xs: number[]) =>
          xs.map((v) => fromDisplay(m, toDisplay(m, v, 'us'), 'us'));
        const viaUs: Weather = {
          gusts: roundTrip('wind_gusts', w.gusts),
          temperature: roundTrip('temperature', w.temperature),
          precipitation: roundTrip('precipitation', w.precipitation),
          probability: metric.probability,
        };
        const site = toSite(s, rules);

        // Act
        const a = judgeForecast(toForecast(metric), site, { units: 'metric' });
        const b = judgeForecast(toForecast(viaUs), site, { units: 'us' });

        // Assert
        const shape = (days: DayJudgement[]) =>
          days.map((d) => [d.date, d.verdict, d.hoursLost, d.rules.map((r) => [r.id, r.hours])]);
        expect(shape(b)).toEqual(shape(a));
      }),
      { numRuns: 150 },
    );
  });

  it('should give the same verdicts on the hot path as judgeForecast for any preset rules', () => {
    // The hot path skips work (working hours only, derived rules last and only where nothing is lost
    // yet, reminders skipped); judgeForecast evaluates every rule over the whole series.
    const allRules = PRESETS.flatMap((p) =>
      (p.variants ?? [{ id: undefined }]).flatMap((v) => p.rules(v.id)),
    );
    const ruleArb = fc
      .record({
        rule: fc.constantFrom(...allRules),
        clear: fc.option(fc.double({ min: 0, max: 10, noNaN: true }), { nil: undefined }),
        minDuration: fc.option(fc.integer({ min: 1, max: 3 }), { nil: undefined }),
        floor: fc.option(fc.integer({ min: 0, max: 100 }), { nil: undefined }),
        reminder: fc.boolean(),
      })
      .map(({ rule, clear, minDuration, floor, reminder }): Rule => ({
        ...rule,
        clearThreshold:
          clear === undefined ? undefined : rule.threshold + (rule.op.startsWith('>') ? -clear : clear),
        minDurationHours: minDuration,
        probabilityFloor: floor,
        kind: reminder ? 'reminder' : rule.kind,
      }));
    const extra = fc.record({
      humidity: series(5, 100),
      wind: series(0, 60),
      dewDrop: series(0, 15),
      code: fc.array(fc.constantFrom(0, 3, 61, 95, 96, 99), { minLength: HOURS, maxLength: HOURS }),
    });
    const engine = new RuleEngine();
    const out = new DaySummaries();
    fc.assert(
      fc.property(
        weatherArb,
        extra,
        scheduleArb,
        fc.array(ruleArb, { minLength: 1, maxLength: 6 }),
        (w, x, s, rules) => {
          // Prepare: unique rule ids, a forecast with every variable the presets read.
          const site = toSite(
            s,
            rules.map((r, k) => ({ ...r, id: `${r.id}-${k}` })),
          );
          const f = toForecast(w);
          f.values.relative_humidity = Float64Array.from(x.humidity);
          f.values.wind_speed = Float64Array.from(x.wind);
          f.values.dew_point = Float64Array.from(w.temperature, (t, i) => t - x.dewDrop[i]!);
          f.values.weather_code = Float64Array.from(x.code);
          f.values.temperature = Float64Array.from(w.temperature, (t) => t * 2.5); // reach the heat bands too

          // Act
          const friendly = judgeForecast(f, site);
          const count = engine.judge(
            f,
            compileSite(site),
            out,
            dayRange(localTimeline(f.time, site.timezone), {}),
          );

          // Assert
          const fast = Array.from({ length: count }, (_, k) => [
            dateOfDay(out.day[k]!),
            VERDICTS[out.verdict[k]!],
            out.hoursLost[k],
            out.workingHours[k],
          ]);
          expect(fast).toEqual(friendly.map((d) => [d.date, d.verdict, d.hoursLost, d.workingHours]));
        },
      ),
      { numRuns: 200 },
    );
  });
});
