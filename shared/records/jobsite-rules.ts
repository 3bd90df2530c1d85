import * as z from 'zod';
import { ruleSchema, type Rule, type RuleMetric } from '../weather/rule';
import { builtOnFirstUse } from '../built-on-first-use';

/**
 * A jobsite's rules as the records API and the jobsite form take them: the engine's rule shape,
 * with each threshold inside its metric's physical range (canonical metric units, as stored) and
 * the id optional. A rule that comes without an id is named here (`rule-1`, `rule-2`, … skipping
 * ids already in the list), so the records contract's `{ metric, op, threshold, … }` is accepted.
 */
interface MetricRange {
  label: string;
  min: number;
  max: number;
  unit: string;
}

const temperature = (label: string): MetricRange => ({ label, min: -90, max: 70, unit: '°C' });
const percent = (label: string): MetricRange => ({ label, min: 0, max: 100, unit: '%' });
const wind = (label: string): MetricRange => ({ label, min: 0, max: 500, unit: 'km/h' });

/** Beyond these no weather on Earth goes; a value outside is a typo or a unit mix-up. */
export const RULE_THRESHOLD_RANGES: Record<RuleMetric, MetricRange> = {
  temperature: temperature('Temperature'),
  apparent_temperature: temperature('Feels-like temperature'),
  dew_point: temperature('Dew point'),
  heat_index: temperature('Heat index'),
  wind_chill: temperature('Wind chill'),
  dew_point_spread: { label: 'Dew point spread', min: 0, max: 60, unit: '°C' },
  relative_humidity: percent('Relative humidity'),
  precipitation_probability: percent('Precipitation probability'),
  // Up to 72 h summed (sumHours): the wettest days on record are under 2 m.
  precipitation: { label: 'Precipitation', min: 0, max: 2000, unit: 'mm' },
  snowfall: { label: 'Snowfall', min: 0, max: 1000, unit: 'cm' },
  wind_speed: wind('Wind speed'),
  wind_gusts: wind('Wind gusts'),
  weather_code: { label: 'Weather code', min: 0, max: 99, unit: '(WMO code)' },
  visibility: { label: 'Visibility', min: 0, max: 100_000, unit: 'm' },
  evaporation_rate: { label: 'Evaporation rate', min: 0, max: 10, unit: 'kg/m²/h' },
};

export function thresholdRangeMessage(metric: RuleMetric): string {
  const r = RULE_THRESHOLD_RANGES[metric];
  return `${r.label} threshold must be from ${r.min} to ${r.max} ${r.unit}`;
}

const inRange = (metric: RuleMetric, value: number | undefined) => {
  const r = RULE_THRESHOLD_RANGES[metric];
  return value === undefined || (value >= r.min && value <= r.max);
};

const ruleInputSchema = /* @__PURE__ */ builtOnFirstUse(() =>
  ruleSchema.extend({ id: ruleSchema.shape.id.optional() }).superRefine((rule, ctx) => {
    for (const [path, metric, value] of [
      [['threshold'], rule.metric, rule.threshold],
      [['clearThreshold'], rule.metric, rule.clearThreshold],
      [['when', 'threshold'], rule.when?.metric, rule.when?.threshold],
    ] as const) {
      if (metric && !inRange(metric, value))
        ctx.addIssue({ code: 'custom', path: [...path], message: thresholdRangeMessage(metric) });
    }
  }),
);

/** Names the rules without an id: the first free `rule-N`, so names never collide within the jobsite. */
function nameRules(rules: z.output<typeof ruleInputSchema>[]): Rule[] {
  const taken = new Set(rules.map((r) => r.id).filter(Boolean));
  let n = 0;
  return rules.map((rule) => {
    if (rule.id) return rule as Rule;
    let id: string;
    do id = `rule-${++n}`;
    while (taken.has(id));
    taken.add(id);
    return { ...rule, id };
  });
}

export const jobsiteRulesSchema = /* @__PURE__ */ builtOnFirstUse(() =>
  z
    .array(ruleInputSchema, { message: 'Rules must be a list' })
    .max(30, 'A jobsite can have at most 30 rules')
    .transform(nameRules),
);
