import type { Rule, RuleKind } from './rule';
import type { UnitSystem } from './units';

/** What the rule engine answers (see engine.ts for the semantics), and the options of `judgeForecast`. */
export type Verdict = 'none' | 'partial' | 'full';
export const VERDICTS: readonly Verdict[] = ['none', 'partial', 'full'];
export const VERDICT_NONE = 0;
export const VERDICT_PARTIAL = 1;
export const VERDICT_FULL = 2;
export const DEFAULT_MIN_WORKABLE_HOURS = 4;

export interface JobsiteSchedule {
  timezone: string;
  /** ISO weekdays, 1 = Monday. */
  workingDays: readonly number[];
  workingHours: { start: string; end: string };
}

export interface JobsiteRules extends JobsiteSchedule {
  rules: readonly Rule[];
}

export interface RuleJudgement {
  id: string;
  kind: RuleKind;
  /** Local wall-clock starts ("HH:MM") of the working hours in which the rule counts. */
  hours: string[];
  /** The worst value over those hours, canonical units (for `sumHours` rules: the sum). */
  peak: number;
  reason: string;
}

export interface DayJudgement {
  /** Local date, "YYYY-MM-DD". */
  date: string;
  verdict: Verdict;
  hoursLost: number;
  workingHours: number;
  /** The rules that count in at least one working hour of the day, in the jobsite's rule order. */
  rules: RuleJudgement[];
}

export interface JudgeOptions {
  /** Units of the reasons; default US customary (DESIGN §7). */
  units?: UnitSystem;
  /** First local date to judge, "YYYY-MM-DD"; default the forecast's first day. */
  from?: string;
  /** Number of calendar days from `from` (or the forecast's first day) to judge; default all. */
  days?: number;
  /**
   * Consecutive workable hours a day needs to be worth working (see the verdict rule above);
   * default 4, or half the day's working hours when that is less. Capped at the day's working hours.
   */
  minWorkableHours?: number;
  /** Fresh concrete temperature (°C) for `evaporation_rate`; the air temperature when absent. */
  concreteTemperature?: number;
}
