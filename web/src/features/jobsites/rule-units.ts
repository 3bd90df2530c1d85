import type { UnitSystem } from '../../../../shared/account';
import { CANONICAL_UNITS } from '../../../../shared/weather/forecast';
import { RULE_METRICS, type RuleMetric, type RuleOp } from '../../../../shared/weather/rule';

/**
 * How a rule's threshold is shown: rules store canonical metric units (shared/weather/forecast.ts);
 * accounts on US units see °F, mph, in/h and miles. Derived metrics without a US unit stay metric.
 */
interface Display {
  unit: string;
  toDisplay: (canonical: number) => number;
  toCanonical: (shown: number) => number;
  digits: number;
}

const same = (unit: string, digits = 2): Display => ({
  unit,
  toDisplay: (v) => v,
  toCanonical: (v) => v,
  digits,
});
const fahrenheit: Display = {
  unit: '°F',
  toDisplay: (c) => (c * 9) / 5 + 32,
  toCanonical: (f) => ((f - 32) * 5) / 9,
  digits: 1,
};
const fahrenheitSpread: Display = {
  unit: '°F',
  toDisplay: (c) => (c * 9) / 5,
  toCanonical: (f) => (f * 5) / 9,
  digits: 1,
};
const factor = (unit: string, per: number, digits: number): Display => ({
  unit,
  toDisplay: (v) => v / per,
  toCanonical: (v) => v * per,
  digits,
});

const METRIC: Record<RuleMetric, Display> = {
  ...(Object.fromEntries(Object.entries(CANONICAL_UNITS).map(([m, u]) => [m, same(u)])) as Record<
    keyof typeof CANONICAL_UNITS,
    Display
  >),
  heat_index: same('°C'),
  wind_chill: same('°C'),
  dew_point_spread: same('°C'),
  evaporation_rate: same('kg/m²/h', 3),
};

const US: Record<RuleMetric, Display> = {
  ...METRIC,
  temperature: fahrenheit,
  apparent_temperature: fahrenheit,
  dew_point: fahrenheit,
  heat_index: fahrenheit,
  wind_chill: fahrenheit,
  dew_point_spread: fahrenheitSpread,
  precipitation: factor('in/h', 25.4, 3),
  snowfall: factor('in/h', 2.54, 2),
  wind_speed: factor('mph', 1.609344, 1),
  wind_gusts: factor('mph', 1.609344, 1),
  visibility: factor('mi', 1609.344, 2),
};

export const METRIC_LABELS: Record<RuleMetric, string> = {
  temperature: 'Air temperature',
  apparent_temperature: 'Feels-like temperature',
  dew_point: 'Dew point',
  relative_humidity: 'Relative humidity',
  precipitation: 'Precipitation',
  precipitation_probability: 'Chance of precipitation',
  snowfall: 'Snowfall',
  wind_speed: 'Wind speed',
  wind_gusts: 'Wind gusts',
  weather_code: 'Weather code (95–99: thunderstorm)',
  visibility: 'Visibility',
  heat_index: 'Heat index',
  wind_chill: 'Wind chill',
  dew_point_spread: 'Temperature above dew point',
  evaporation_rate: 'Evaporation rate (concrete)',
};

export const METRIC_OPTIONS = RULE_METRICS.map((m) => ({ value: m, label: METRIC_LABELS[m] }));

export const OP_LABELS: Record<RuleOp, string> = {
  '>=': '≥ at or above',
  '>': '> above',
  '<=': '≤ at or below',
  '<': '< below',
};

export function displayOf(metric: RuleMetric, units: UnitSystem): Display {
  return (units === 'us' ? US : METRIC)[metric];
}

export function unitOf(metric: RuleMetric, units: UnitSystem): string {
  return displayOf(metric, units).unit;
}

/** A stored (canonical) threshold as the account reads it, e.g. "0.1" in/h for 2.54 mm/h. */
export function thresholdText(metric: RuleMetric, units: UnitSystem, canonical: number): string {
  const d = displayOf(metric, units);
  return String(Number(d.toDisplay(canonical).toFixed(d.digits)));
}

/** A typed threshold back to canonical units; NaN when it is not a number. */
export function thresholdValue(metric: RuleMetric, units: UnitSystem, text: string): number {
  const trimmed = text.trim().replace(/\u2212/g, '-');
  if (trimmed === '') return Number.NaN;
  const shown = Number(trimmed);
  return Number.isFinite(shown) ? displayOf(metric, units).toCanonical(shown) : Number.NaN;
}

/** "Wind gusts ≥ 30 mph". */
export function describeRule(rule: { metric: RuleMetric; op: RuleOp; threshold: number }, units: UnitSystem) {
  const op = OP_LABELS[rule.op].split(' ')[0];
  return `${METRIC_LABELS[rule.metric]} ${op} ${thresholdText(rule.metric, units, rule.threshold)} ${unitOf(rule.metric, units)}`;
}
