import type { UnitSystem } from '../../../../shared/account';
import { RULE_METRICS, type RuleMetric, type RuleOp } from '../../../../shared/weather/rule';
import { formatValue, fromDisplay, toDisplay, unitLabel } from '../../../../shared/weather/units';

/**
 * How the form and the details show a rule. Thresholds are stored in canonical metric units; the
 * conversions are shared/weather/units.ts, the same the presets and the engine use, so 30 mph typed
 * here is stored exactly as the crane preset's 30 mph.
 */
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

const OP_SYMBOL: Record<RuleOp, string> = { '>=': '≥', '>': '>', '<=': '≤', '<': '<' };

export function unitOf(metric: RuleMetric, units: UnitSystem): string {
  return unitLabel(metric, units);
}

/** A stored (canonical) threshold as the account reads it, e.g. "0.1" (in/h) for 2.54 mm/h. */
export function thresholdText(metric: RuleMetric, units: UnitSystem, canonical: number): string {
  // Two more decimals than a reading shows: a threshold is typed, and must come back as typed.
  const shown = toDisplay(metric, canonical, units);
  return String(Number(shown.toFixed(4)));
}

/** A typed threshold back to canonical units; NaN when it is not a number. */
export function thresholdValue(metric: RuleMetric, units: UnitSystem, text: string): number {
  const trimmed = text.trim().replace(/\u2212/g, '-');
  if (trimmed === '') return Number.NaN;
  const shown = Number(trimmed);
  return Number.isFinite(shown) ? fromDisplay(metric, shown, units) : Number.NaN;
}

/** "Wind gusts ≥ 30 mph", with the condition when the rule has one. */
export function describeRule(
  rule: {
    metric: RuleMetric;
    op: RuleOp;
    threshold: number;
    sumHours?: number;
    when?: { metric: RuleMetric; op: RuleOp; threshold: number };
  },
  units: UnitSystem,
): string {
  const value = formatValue(rule.metric, rule.threshold, units, { amount: !!rule.sumHours });
  const main = rule.sumHours
    ? `${METRIC_LABELS[rule.metric]} over ${rule.sumHours} h ${OP_SYMBOL[rule.op]} ${value}`
    : `${METRIC_LABELS[rule.metric]} ${OP_SYMBOL[rule.op]} ${value}`;
  if (!rule.when) return main;
  const w = rule.when;
  return `${main}, when ${METRIC_LABELS[w.metric].toLowerCase()} ${OP_SYMBOL[w.op]} ${formatValue(w.metric, w.threshold, units)}`;
}
