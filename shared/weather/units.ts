import type { RuleMetric } from './rule';

/**
 * Conversions between the canonical metric units the engine stores and computes in (forecast.ts)
 * and the units an account reads (DESIGN §7: US customary by default, metric as an option).
 * Every factor is an exact definition (1 in = 25.4 mm, 1 mi = 1609.344 m, 1 lb = 0.45359237 kg,
 * 1 ft = 0.3048 m), so a threshold entered as 30 mph is stored as 30 × 1.609344 km/h and shown
 * back as 30 mph.
 */
export type UnitSystem = 'us' | 'metric';
export const UNIT_SYSTEMS: readonly UnitSystem[] = ['us', 'metric'];

/** km/h per mph. */
export const KMH_PER_MPH = 1.609344;
/** mm per inch. */
export const MM_PER_IN = 25.4;
/** cm per inch. */
export const CM_PER_IN = 2.54;
/** m per statute mile. */
export const M_PER_MI = 1609.344;
/** kg/m² per lb/ft² (0.45359237 kg over 0.09290304 m²). */
export const KGM2_PER_LBFT2 = 0.45359237 / 0.09290304;

interface Scale {
  /** Canonical value per US unit (a linear, zero-offset conversion). */
  perUs: number;
  metricLabel: string;
  usLabel: string;
  /** Labels for an amount (a sum over hours) instead of a rate, e.g. "in" instead of "in/h". */
  metricAmountLabel?: string;
  usAmountLabel?: string;
  metricDecimals: number;
  usDecimals: number;
}

const TEMPERATURE = 'temperature';
type Kind = Scale | typeof TEMPERATURE;

const identity = (label: string, decimals = 0): Scale => ({
  perUs: 1,
  metricLabel: label,
  usLabel: label,
  metricDecimals: decimals,
  usDecimals: decimals,
});

const windScale: Scale = {
  perUs: KMH_PER_MPH,
  metricLabel: 'km/h',
  usLabel: 'mph',
  metricDecimals: 0,
  usDecimals: 0,
};

const SCALES: Record<RuleMetric, Kind> = {
  temperature: TEMPERATURE,
  apparent_temperature: TEMPERATURE,
  dew_point: TEMPERATURE,
  heat_index: TEMPERATURE,
  wind_chill: TEMPERATURE,
  // A temperature difference: 1 °C of spread is 1.8 °F of spread, with no 32° offset.
  dew_point_spread: { perUs: 5 / 9, metricLabel: '°C', usLabel: '°F', metricDecimals: 1, usDecimals: 0 },
  relative_humidity: identity('%'),
  precipitation_probability: identity('%'),
  weather_code: identity(''),
  precipitation: {
    perUs: MM_PER_IN,
    metricLabel: 'mm/h',
    usLabel: 'in/h',
    metricAmountLabel: 'mm',
    usAmountLabel: 'in',
    metricDecimals: 1,
    usDecimals: 2,
  },
  snowfall: {
    perUs: CM_PER_IN,
    metricLabel: 'cm/h',
    usLabel: 'in/h',
    metricAmountLabel: 'cm',
    usAmountLabel: 'in',
    metricDecimals: 1,
    usDecimals: 1,
  },
  wind_speed: windScale,
  wind_gusts: windScale,
  visibility: { perUs: M_PER_MI, metricLabel: 'm', usLabel: 'mi', metricDecimals: 0, usDecimals: 1 },
  evaporation_rate: {
    perUs: KGM2_PER_LBFT2,
    metricLabel: 'kg/m²/h',
    usLabel: 'lb/ft²/h',
    metricDecimals: 2,
    usDecimals: 2,
  },
};

/** A canonical (metric) value in the given unit system. */
export function toDisplay(metric: RuleMetric, value: number, units: UnitSystem): number {
  if (units === 'metric') return value;
  const kind = SCALES[metric];
  if (kind === TEMPERATURE) return (value * 9) / 5 + 32;
  return kind.perUs === 1 ? value : value / kind.perUs;
}

/** A value in the given unit system, converted to canonical metric (the inverse of toDisplay). */
export function fromDisplay(metric: RuleMetric, value: number, units: UnitSystem): number {
  if (units === 'metric') return value;
  const kind = SCALES[metric];
  if (kind === TEMPERATURE) return ((value - 32) * 5) / 9;
  return kind.perUs === 1 ? value : value * kind.perUs;
}

/** The unit label of a metric, e.g. "mph"; `amount` gives the label of a sum ("in" for precipitation). */
export function unitLabel(metric: RuleMetric, units: UnitSystem, opts: { amount?: boolean } = {}): string {
  const kind = SCALES[metric];
  if (kind === TEMPERATURE) return units === 'us' ? '°F' : '°C';
  if (opts.amount) {
    const label = units === 'us' ? kind.usAmountLabel : kind.metricAmountLabel;
    if (label) return label;
  }
  return units === 'us' ? kind.usLabel : kind.metricLabel;
}

/** How many decimals a value of this metric is shown with. */
export function displayDecimals(metric: RuleMetric, units: UnitSystem): number {
  const kind = SCALES[metric];
  if (kind === TEMPERATURE) return units === 'us' ? 0 : 1;
  return units === 'us' ? kind.usDecimals : kind.metricDecimals;
}

/** The number as shown: rounded to the metric's decimals, trailing zeros dropped, never "-0". */
export function formatNumber(metric: RuleMetric, displayValue: number, units: UnitSystem): string {
  // Half away from zero, on the decimal the user sees: 6.35 mm shows as 6.4 although its binary
  // value is a hair below 6.35.
  const p = 10 ** displayDecimals(metric, units);
  const rounded = (Math.sign(displayValue) * Math.round(Math.abs(displayValue) * p * (1 + 1e-12))) / p;
  return String(rounded === 0 ? 0 : rounded);
}

/** A canonical value as text in the given units, e.g. "34 mph", "28 °F", "85%", "0.31 in". */
export function formatValue(
  metric: RuleMetric,
  value: number,
  units: UnitSystem,
  opts: { amount?: boolean } = {},
): string {
  const text = formatNumber(metric, toDisplay(metric, value, units), units);
  const label = unitLabel(metric, units, opts);
  if (label === '') return text;
  return label === '%' ? `${text}%` : `${text} ${label}`;
}
