import type { Rule, RuleMetric } from '../../../shared/weather/rule';

/**
 * How far a value must retreat past a rule's threshold before a delay already called for a day is
 * cleared, in canonical units. A forecast that wobbles around the threshold between runs keeps the
 * day as called instead of sending an all-clear and a new notice each time.
 */
const CLEAR_MARGIN: Partial<Record<RuleMetric, number>> = {
  temperature: 1.5,
  apparent_temperature: 1.5,
  heat_index: 1.5,
  wind_chill: 1.5,
  dew_point: 1,
  dew_point_spread: 1,
  relative_humidity: 5,
  precipitation: 0.5,
  precipitation_probability: 10,
  snowfall: 0.2,
  wind_speed: 5,
  wind_gusts: 6,
  visibility: 500,
  evaporation_rate: 0.1,
};

/** The rule as it judges a day whose delay is already called: its clear threshold, or the margin. */
export function clearingRule(rule: Rule): Rule {
  if (rule.metric === 'weather_code') return rule;
  const upper = rule.op === '>=' || rule.op === '>';
  const margin = CLEAR_MARGIN[rule.metric] ?? Math.abs(rule.threshold) * 0.1;
  const threshold = rule.clearThreshold ?? (upper ? rule.threshold - margin : rule.threshold + margin);
  return { ...rule, threshold, clearThreshold: undefined };
}
