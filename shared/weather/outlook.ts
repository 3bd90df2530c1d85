import type { Jobsite } from '../records/jobsite';
import type { DayJudgement } from './engine';
import type { HourlyForecast } from './forecast';
import type { Rule, RuleMetric } from './rule';

/** `GET /api/weather`: one jobsite's coming days as the engine judges them, and the data behind them. */
export interface JobsiteOutlook {
  jobsite: Pick<Jobsite, 'id' | 'name' | 'timezone' | 'workingDays' | 'workingHours' | 'scenario' | 'active'>;
  rules: Rule[];
  source: HourlyForecast['source'] | null;
  /** Why there is no forecast (the provider failed for this location), else null. */
  error: string | null;
  /** Every local working day of the coming days, verdict `none` included, in date order. */
  days: OutlookDay[];
  /** Hourly series of the metrics the rules read (canonical units, null where unknown); UTC hour starts. */
  hourly: { time: string[]; values: Partial<Record<RuleMetric, (number | null)[]>> };
}

/** A judged day; on a holiday or shutdown day its name, no delay and no reasons (nothing is sent). */
export interface OutlookDay extends DayJudgement {
  holiday?: string | null;
}

/** One page of the account's active jobsites in name order; `nextCursor` asks for the next, null at the end. */
export interface OutlookResponse {
  units: 'us' | 'metric';
  items: JobsiteOutlook[];
  nextCursor: string | null;
}

/** Jobsites per `/api/weather` page unless `limit` says otherwise, and the most a page holds. */
export const OUTLOOK_LIMIT_DEFAULT = 50;
export const OUTLOOK_LIMIT_MAX = 100;
