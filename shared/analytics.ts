import type { PlanId } from './plans';

/**
 * The shapes of `GET /api/analytics` and `GET /api/analytics/advanced` (docs/metrics.md), shared by
 * the API and the SPA. Money in integer US cents; months are `YYYY-MM`.
 */

export interface NoticeCounts {
  notice: number;
  update: number;
  allClear: number;
}

export interface MonthFigures {
  month: string;
  delayDays: number;
  hoursLost: number;
}

/**
 * Of a month's delay days (called off and not marked worked), those observation has judged (confirmed
 * or not), those it confirmed, and the share confirmed (0…1, null while none is judged): issue 25, a
 * figure a contractor can defend, and one that shows which rules are too cautious.
 */
export interface ObservedMonth {
  month: string;
  judged: number;
  confirmed: number;
  share: number | null;
}

export interface JobsiteFigures {
  id: string;
  name: string;
  clientId: string | null;
  months: MonthFigures[];
  delayDays: number;
  hoursLost: number;
  /** Observation's verdict on the delay days, per month (issue 25). */
  observed: ObservedMonth[];
}

export interface DeliveryFigures {
  /** Sent messages by kind. */
  sent: NoticeCounts;
  /** Every message claimed, whatever became of it. */
  attempted: number;
  delivered: number;
  /** delivered / attempted × 100, one decimal; 0 when nothing was attempted. */
  deliveryRate: number;
}

export interface BasicAnalytics {
  months: (MonthFigures & DeliveryFigures)[];
  jobsites: JobsiteFigures[];
  totals: { delayDays: number; hoursLost: number } & DeliveryFigures;
}

/** `GET /api/analytics`: the basic figures over the range, for every plan. */
export interface AnalyticsAnswer extends BasicAnalytics {
  from: string;
  to: string;
  /** Whether the caller's plan includes the advanced part (GET /api/analytics/advanced). */
  advancedAnalytics: boolean;
  plan: PlanId;
}

export interface JobsiteCost {
  id: string;
  name: string;
  clientId: string | null;
  hoursLost: number;
  /** Σ over the jobsite's crews of workers × hourly rate: what an hour of this jobsite idle costs. */
  hourlyCostCents: number;
  costCents: number;
  /** Distinct people (by email) on the jobsite's crews: a person on two records or in two crews counts once. */
  crewWorkers: number;
  /** Crews on the jobsite without an hourly rate (their cost is not counted). */
  crewsWithoutRate: number;
}

export interface ClientFigures {
  clientId: string | null;
  name: string;
  jobsites: number;
  delayDays: number;
  hoursLost: number;
  costCents: number;
}

export interface AdvancedAnalytics {
  jobsites: JobsiteCost[];
  clients: ClientFigures[];
  totals: { costCents: number };
}

/** `GET /api/analytics/advanced`: the advanced figures over the range. */
export type AdvancedAnalyticsAnswer = AdvancedAnalytics & { from: string; to: string };
