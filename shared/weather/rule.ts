import * as z from 'zod';
import { FORECAST_VARIABLES } from './forecast';
import { builtOnFirstUse } from '../built-on-first-use';
import { objectOnFirstUse } from '../object-on-first-use';

/**
 * A jobsite rule: weather that stops the work. Thresholds are stored in canonical metric units
 * (see forecast.ts); the UI converts to the account's units. The rule engine (shared/weather)
 * owns the meaning of each field; the records API stores and validates the shape.
 */
export const DERIVED_METRICS = ['heat_index', 'wind_chill', 'dew_point_spread', 'evaporation_rate'] as const;
export const RULE_METRICS = [...FORECAST_VARIABLES, ...DERIVED_METRICS] as const;
export type RuleMetric = (typeof RULE_METRICS)[number];

export const RULE_OPS = ['>=', '>', '<=', '<'] as const;
export type RuleOp = (typeof RULE_OPS)[number];

export const RULE_KINDS = ['delay', 'reminder'] as const;
export type RuleKind = (typeof RULE_KINDS)[number];

const finite = (label: string) =>
  z.number({ message: `${label} must be a number` }).refine(Number.isFinite, `${label} must be a number`);

export const ruleSchema = /* @__PURE__ */ objectOnFirstUse(() => ({
  id: z
    .string({ message: 'Rule id is required' })
    .regex(/^[A-Za-z0-9_-]{1,64}$/, 'Rule id must be 1 to 64 letters, digits, - or _'),
  metric: z.enum(RULE_METRICS, { message: 'Unknown metric' }),
  op: z.enum(RULE_OPS, { message: 'Comparison must be one of >=, >, <=, <' }),
  /** Trigger threshold, canonical units. */
  threshold: finite('Threshold'),
  /** Hysteresis: once triggered, the rule stays on until the value crosses this (canonical units). */
  clearThreshold: finite('Clear threshold').optional(),
  /** Only consecutive runs of at least this many hours count. */
  minDurationHours: z
    .number({ message: 'Minimum duration must be a number' })
    .int('Minimum duration must be whole hours')
    .min(1, 'Minimum duration must be at least 1 hour')
    .max(24, 'Minimum duration must be at most 24 hours')
    .optional(),
  /** Hours whose precipitation probability is below this (%) do not count. */
  probabilityFloor: z
    .number({ message: 'Probability floor must be a number' })
    .min(0, 'Probability floor must be between 0 and 100')
    .max(100, 'Probability floor must be between 0 and 100')
    .optional(),
  /** The preset this rule came from, when any (e.g. `crane`). */
  preset: z.string().max(40, 'Preset must be at most 40 characters').optional(),
  /** A short name shown in reasons ("the crane limit"). */
  label: z.string().trim().max(80, 'Label must be at most 80 characters').optional(),
  /**
   * `reminder`: informational (e.g. the stormwater inspection after 0.25 in of rain); it is reported
   * but never counts toward hours lost. Absent means `delay`.
   */
  kind: z.enum(RULE_KINDS, { message: 'Kind must be delay or reminder' }).optional(),
  /** Compare the sum of the metric over the N hours ending with each hour (e.g. 24 h rainfall). */
  sumHours: z
    .number({ message: 'Sum window must be a number' })
    .int('Sum window must be whole hours')
    .min(1, 'Sum window must be at least 1 hour')
    .max(72, 'Sum window must be at most 72 hours')
    .optional(),
  /** After the last meeting hour, the rule stays on this many more hours (lightning all-clear). */
  holdHours: z
    .number({ message: 'Hold must be a number' })
    .int('Hold must be whole hours')
    .min(1, 'Hold must be at least 1 hour')
    .max(12, 'Hold must be at most 12 hours')
    .optional(),
  /** A second condition that must hold in the same hour (masonry: wind > 8 mph when air > 90 °F). */
  when: z
    .object({
      metric: z.enum(RULE_METRICS, { message: 'Unknown metric' }),
      op: z.enum(RULE_OPS, { message: 'Comparison must be one of >=, >, <=, <' }),
      threshold: finite('Condition threshold'),
    })
    .optional(),
}));

export type Rule = z.output<typeof ruleSchema>;

export const rulesSchema = /* @__PURE__ */ builtOnFirstUse(() =>
  z.array(ruleSchema).max(30, 'A jobsite can have at most 30 rules'),
);
