import type { Rule, RuleMetric, RuleOp } from './rule';
import { clock12 } from './local-time';
import { formatNumber, formatValue, toDisplay, type UnitSystem } from './units';

/**
 * One line a foreman understands for a rule that applies on a day, in the account's units, e.g.
 * "Gusts 34 mph from 10 AM to 2 PM exceed the crane limit of 30 mph". The wording lives here, in
 * one place, so emails, the app and the ledger say the same thing.
 */
interface Noun {
  word: string;
  plural?: boolean;
}

const NOUNS: Record<RuleMetric, Noun> = {
  temperature: { word: 'Air' },
  apparent_temperature: { word: 'Feels-like temperature' },
  dew_point: { word: 'Dew point' },
  relative_humidity: { word: 'Humidity' },
  precipitation: { word: 'Precipitation' },
  precipitation_probability: { word: 'Chance of precipitation' },
  snowfall: { word: 'Snowfall' },
  wind_speed: { word: 'Wind' },
  wind_gusts: { word: 'Gusts', plural: true },
  weather_code: { word: 'Weather code' },
  visibility: { word: 'Visibility' },
  heat_index: { word: 'Heat index' },
  wind_chill: { word: 'Wind chill' },
  dew_point_spread: { word: 'Air-to-dew-point margin' },
  evaporation_rate: { word: 'Evaporation rate' },
};

/** WMO weather codes the lightning preset watches. */
const THUNDER: Record<number, string> = {
  95: 'Thunderstorm',
  96: 'Thunderstorm with hail',
  99: 'Thunderstorm with heavy hail',
};

const isUpper = (op: RuleOp) => op === '>=' || op === '>';

const CONDITION_WORDS: Record<RuleOp, string> = {
  '>=': 'at or above',
  '>': 'above',
  '<=': 'at or below',
  '<': 'below',
};

/** A local time range, minutes of the day: [start of the first hour, end of the last hour). */
export type LocalRange = readonly [number, number];

/** "from 10 AM to 2 PM", "from 7 AM to 9 AM and 1 PM to 3 PM", "from 7 AM to 8 AM, 10 AM to 11 AM and …". */
export function formatRanges(ranges: readonly LocalRange[]): string {
  const parts = ranges.map(([a, b]) => `${clock12(a)} to ${clock12(b)}`);
  if (parts.length <= 1) return `from ${parts[0] ?? ''}`;
  return `from ${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}

function label(rule: Rule): string {
  return rule.label && rule.label.length > 0 ? rule.label : 'the limit';
}

/** The reason a rule applies over `ranges` of one day, its worst value being `peak` (canonical units). */
export function ruleReason(
  rule: Rule,
  peak: number,
  ranges: readonly LocalRange[],
  units: UnitSystem,
): string {
  const when = formatRanges(ranges);
  const amount = rule.sumHours !== undefined;
  const threshold = formatValue(rule.metric, rule.threshold, units, { amount });
  const condition = rule.when
    ? ` with ${NOUNS[rule.when.metric].word.toLowerCase()} ${CONDITION_WORDS[rule.when.op]} ${formatValue(
        rule.when.metric,
        rule.when.threshold,
        units,
      )}`
    : '';

  if (rule.metric === 'weather_code') {
    const code = Math.round(peak);
    const what = THUNDER[code] ?? (Number.isNaN(peak) ? 'Weather' : `Weather code ${code}`);
    return meets(rule, peak)
      ? `${what} forecast ${when} triggers ${label(rule)}`
      : `${capitalise(label(rule))} still applies ${when} after a forecast of weather code ${formatNumber(
          'weather_code',
          rule.threshold,
          units,
        )} or above`;
  }

  const noun = NOUNS[rule.metric];
  const subject = amount ? `${rule.sumHours}-hour ${noun.word.toLowerCase()}` : noun.word;
  const peakText = Number.isNaN(peak) ? '' : ` ${formatValue(rule.metric, peak, units, { amount })}`;
  if (Number.isNaN(peak) || !meets(rule, peak)) {
    // Hours kept on by hysteresis (clearThreshold) or a hold after the value fell back.
    return `${subject}${peakText} ${when}${condition}: ${label(rule)} of ${threshold} still applies`;
  }
  const shownPeak = formatNumber(rule.metric, toDisplay(rule.metric, peak, units), units);
  const shownThreshold = formatNumber(rule.metric, toDisplay(rule.metric, rule.threshold, units), units);
  const atLimit = shownPeak === shownThreshold;
  const plural = noun.plural === true && !amount;
  let verb: string;
  if (isUpper(rule.op)) verb = atLimit ? (plural ? 'reach' : 'reaches') : plural ? 'exceed' : 'exceeds';
  else verb = `${plural ? 'are' : 'is'} ${atLimit ? 'at' : 'below'}`;
  return `${subject}${peakText} ${when}${condition} ${verb} ${label(rule)} of ${threshold}`;
}

function meets(rule: Rule, value: number): boolean {
  switch (rule.op) {
    case '>=':
      return value >= rule.threshold - tolerance(rule.threshold);
    case '>':
      return value > rule.threshold;
    case '<=':
      return value <= rule.threshold + tolerance(rule.threshold);
    case '<':
      return value < rule.threshold;
  }
}

/**
 * Values within this distance of a threshold compare as equal to it, so a value converted from
 * display units and back (30 mph → 48.28032 km/h → 30 mph) never flips a verdict by rounding.
 */
export function tolerance(threshold: number): number {
  return 1e-9 * Math.max(1, Math.abs(threshold));
}

function capitalise(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
