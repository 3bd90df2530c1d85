import { evaporationRate, heatIndex, windChill } from '../../../shared/weather/derived';
import { judgeForecast } from '../../../shared/weather/engine';
import type { ForecastVariable } from '../../../shared/weather/forecast';
import { getPreset, presetRules, PRESETS } from '../../../shared/weather/presets';
import { RULE_METRICS, type Rule, ruleSchema, rulesSchema } from '../../../shared/weather/rule';
import {
  formatValue,
  fromDisplay,
  toDisplay,
  UNIT_SYSTEMS,
  type UnitSystem,
} from '../../../shared/weather/units';
import { CALM, forecast, site } from './helpers';

/** Solve f(x) = target for an increasing f on [lo, hi]. */
function solve(f: (x: number) => number, target: number, lo: number, hi: number): number {
  for (let k = 0; k < 200; k++) {
    const mid = (lo + hi) / 2;
    if (f(mid) < target) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

/** Forecast variables (on calm weather) that make the rule's metric equal `value` (canonical). */
function weatherFor(rule: Rule, value: number): Partial<Record<ForecastVariable, number>> {
  const w: Partial<Record<ForecastVariable, number>> = { ...CALM };
  switch (rule.metric) {
    case 'heat_index':
      w.relative_humidity = 50;
      w.temperature = solve((t) => heatIndex(t, 50), value, 0, 70);
      break;
    case 'wind_chill':
      w.wind_speed = 30;
      w.temperature = solve((t) => windChill(t, 30), value, -70, 10);
      break;
    case 'dew_point_spread':
      w.temperature = 20;
      w.dew_point = 20 - value;
      break;
    case 'evaporation_rate':
      w.temperature = 30;
      w.relative_humidity = 30;
      w.wind_speed = solve((v) => evaporationRate(30, 30, v), value, 0, 300);
      break;
    default:
      // A 24-hour sum rule sees 24 equal hours.
      w[rule.metric as ForecastVariable] = rule.sumHours ? value / rule.sumHours : value;
  }
  if (rule.when) {
    // Make the second condition hold comfortably.
    const margin = rule.when.op === '>' || rule.when.op === '>=' ? 5 : -5;
    w[rule.when.metric as ForecastVariable] = rule.when.threshold + margin;
  }
  return w;
}

const meets = (op: Rule['op'], value: number, threshold: number) =>
  op === '>='
    ? value >= threshold
    : op === '>'
      ? value > threshold
      : op === '<='
        ? value <= threshold
        : value < threshold;

interface Case {
  preset: string;
  variant?: string;
  rule: Rule;
  units: UnitSystem;
  offset: 'below' | 'at' | 'above';
}

const cases: Case[] = [];
for (const p of PRESETS) {
  for (const variant of p.variants?.map((v) => v.id) ?? [undefined]) {
    for (const rule of p.rules(variant)) {
      for (const units of UNIT_SYSTEMS) {
        for (const offset of ['below', 'at', 'above'] as const)
          cases.push({ preset: p.id, variant, rule, units, offset });
      }
    }
  }
}

describe('activity presets at their thresholds', () => {
  it.each(
    cases.map((c) => [`${c.rule.id}${c.variant ? ` (${c.variant})` : ''}`, c.offset, c.units, c] as const),
  )('should judge %s %s its threshold in %s units', (_name, _offset, _units, { rule, units, offset }) => {
    // Prepare: the threshold as the account reads it, nudged just below or above in those units.
    const delta = rule.metric === 'weather_code' ? 1 : 0.01;
    const shown = toDisplay(rule.metric, rule.threshold, units);
    const value = shown + (offset === 'below' ? -delta : offset === 'above' ? delta : 0);
    const canonical = fromDisplay(rule.metric, value, units);
    const f = forecast('2026-11-21T00:00:00Z', 24 * 4, weatherFor(rule, canonical));

    // Act
    const [monday] = judgeForecast(f, site([rule]), { units, from: '2026-11-23', days: 1 });

    // Assert
    const expected = meets(rule.op, value, shown);
    const judged = monday!.rules.find((r) => r.id === rule.id);
    expect(judged !== undefined).toBe(expected);
    if (!judged) {
      expect(monday).toMatchObject({ verdict: 'none', hoursLost: 0 });
      return;
    }
    const isReminder = rule.kind === 'reminder';
    expect(monday).toMatchObject(
      isReminder ? { verdict: 'none', hoursLost: 0 } : { verdict: 'full', hoursLost: 10 },
    );
    expect(judged.hours).toHaveLength(10);
    const threshold = formatValue(rule.metric, rule.threshold, units, {
      amount: rule.sumHours !== undefined,
    });
    if (rule.metric !== 'weather_code') expect(judged.reason).toContain(`${rule.label} of ${threshold}`);
    else expect(judged.reason).toContain(rule.label);
    expect(judged.reason).toContain('from 7 AM to 5 PM');
  });

  it.each([
    // [rule id, US text, metric text] of the threshold as the reason shows it
    ['crane-gusts', '30 mph', '48 km/h'],
    ['crane-wind', '20 mph', '32 km/h'],
    ['concrete-cold', '40 °F', '4.4 °C'],
    ['concrete-evaporation', '0.2 lb/ft²/h', '0.98 kg/m²/h'],
    ['coating-dew-point', '5 °F', '2.8 °C'],
    ['coating-humidity', '85%', '85%'],
    ['rain-rate', '0.1 in/h', '2.5 mm/h'],
    ['stormwater-24h', '0.25 in', '6.4 mm'],
    ['heat-extreme', '115 °F', '46.1 °C'],
    ['cold-wind-chill', '0 °F', '-17.8 °C'],
  ])('should show the %s threshold as %s and %s', (id, us, metric) => {
    const rule = PRESETS.flatMap((p) => p.rules()).find((r) => r.id === id)!;
    const amount = rule.sumHours !== undefined;
    expect(formatValue(rule.metric, rule.threshold, 'us', { amount })).toBe(us);
    expect(formatValue(rule.metric, rule.threshold, 'metric', { amount })).toBe(metric);
  });
});

describe('activity preset definitions', () => {
  const all = PRESETS.flatMap((p) =>
    (p.variants ?? [{ id: undefined }]).map((v) => ({ p, rules: p.rules(v.id) })),
  );

  it('should give every preset a name, a public source and a description', () => {
    for (const p of PRESETS) {
      expect(p.name.length).toBeGreaterThan(0);
      expect(p.source.length).toBeGreaterThan(10);
      expect(p.description.length).toBeGreaterThan(10);
    }
  });

  it('should give rules that the stored rule schema accepts, labelled and tagged with their preset', () => {
    for (const { p, rules } of all) {
      expect(rulesSchema.safeParse(rules).success).toBe(true);
      for (const r of rules) {
        expect(ruleSchema.parse(r)).toEqual(r);
        expect(r.preset).toBe(p.id);
        expect(r.label).toMatch(/^the /);
      }
    }
  });

  it('should use rule ids unique across presets and stable across variants', () => {
    const ids = PRESETS.flatMap((p) => p.rules().map((r) => r.id));
    expect(new Set(ids).size).toBe(ids.length);
    const asphalt = getPreset('asphalt')!;
    const idsByVariant = asphalt.variants!.map((v) =>
      asphalt
        .rules(v.id)
        .map((r) => r.id)
        .join(),
    );
    expect(new Set(idsByVariant).size).toBe(1);
  });

  it('should convert thresholds exactly from the units the guidance uses', () => {
    const byId = new Map(PRESETS.flatMap((p) => p.rules()).map((r) => [r.id, r]));
    expect(byId.get('crane-gusts')!.threshold).toBe(48.28032);
    expect(byId.get('crane-wind')!.threshold).toBe(32.18688);
    expect(byId.get('stormwater-24h')!.threshold).toBe(6.35);
    expect(byId.get('rain-rate')!.threshold).toBe(2.54);
    expect(byId.get('concrete-cold')!.threshold).toBeCloseTo(40 / 9, 12);
    expect(byId.get('coating-dew-point')!.threshold).toBeCloseTo(25 / 9, 12);
    expect(byId.get('concrete-evaporation')!.threshold).toBeCloseTo(0.9764855, 6);
  });

  it.each([
    ['lift-1in', 55],
    ['lift-2in', 45],
    ['lift-3in', 40],
    ['lift-4in', 35],
    ['lift-8in', 32],
  ])('should set the asphalt minimum for %s to %d °F', (variant, minF) => {
    const cold = getPreset('asphalt')!
      .rules(variant)
      .find((r) => r.id === 'asphalt-cold')!;
    expect(toDisplay('temperature', cold.threshold, 'us')).toBeCloseTo(minF, 9);
  });

  it('should refuse an unknown asphalt variant or preset', () => {
    expect(() => getPreset('asphalt')!.rules('lift-99in')).toThrow(RangeError);
    expect(() => presetRules(['crane', 'nope'])).toThrow(RangeError);
  });

  it('should make stormwater and the lower heat bands reminders, never delays', () => {
    const kinds = new Map(PRESETS.flatMap((p) => p.rules()).map((r) => [r.id, r.kind ?? 'delay']));
    expect(getPreset('stormwater')!.kind).toBe('reminder');
    expect(kinds.get('stormwater-24h')).toBe('reminder');
    expect(kinds.get('heat-caution')).toBe('reminder');
    expect(kinds.get('heat-high')).toBe('reminder');
    expect(kinds.get('heat-extreme')).toBe('delay');
  });

  it('should watch only forecast variables or derived metrics the engine computes', () => {
    for (const r of PRESETS.flatMap((p) => p.rules())) expect(RULE_METRICS).toContain(r.metric);
  });
});
