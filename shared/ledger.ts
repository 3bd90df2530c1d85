import type { DayJudgement, Verdict } from './weather/engine';
import type { Rule } from './weather/rule';
import type { Jobsite } from './records';
import type { ObservationStatus, ObservedEvidence } from './weather/observed';

/**
 * The shapes of the weather-day ledger routes (`GET /api/jobsites/{id}/ledger` and
 * `GET /api/jobsites/{id}/ledger/{date}`), shared by the API and the SPA. Definitions of delay days
 * and the allowance are in docs/metrics.md.
 */

/** One working day with a decision, as the ledger reads it. */
export interface LedgerDayInput {
  date: string;
  verdict: Verdict;
  hoursLost: number;
  reasons: string[];
  worked: boolean | null;
  note: string | null;
  decidedAt: string;
  /** Notice emails sent about the day. */
  notified?: number;
  /** Notice texts sent about the day (counted apart: one person emailed and texted is not two people). */
  texted?: number;
  /**
   * The holiday or shutdown that makes this a day nobody works (decided before it was set): it is
   * listed, but never a delay day nor counted against the allowance.
   */
  holiday?: string | null;
  /** What observation made of the day (issue 25): confirmed, not confirmed, pending or unavailable. */
  observed?: ObservationStatus;
}

export interface LedgerDay extends LedgerDayInput {
  /** Counts against the allowance: see docs/metrics.md, "Weather-day ledger". */
  delayDay: boolean;
  /** A delay day after the month's allowance is used up (by date): one of the month's days beyond it. */
  beyondAllowance: boolean;
}

export interface LedgerMonth {
  month: string;
  delayDays: number;
  hoursLost: number;
  anticipated: number;
  beyondAllowance: number;
}

export interface Ledger {
  days: LedgerDay[];
  months: LedgerMonth[];
  totals: { delayDays: number; hoursLost: number; beyondAllowance: number };
}

/** `GET /api/jobsites/{id}/ledger`. */
export interface JobsiteLedger extends Ledger {
  jobsite: { id: string; name: string; timezone: string };
  from: string;
  to: string;
}

/** The forecast a decision was made on: the local day's hours and the series its rules read. */
export interface ForecastSnapshot {
  source: string;
  scenario: string | null;
  /** UTC ISO hour starts of the local day. */
  hours: string[];
  values: Record<string, (number | null)[]>;
}

/** One message claimed about a day, as the evidence lists it. */
export interface LedgerMessage {
  recipient: string;
  recipientName: string;
  audience: 'worker' | 'manager' | 'client';
  kind: 'notice' | 'update' | 'allClear';
  verdict: Verdict;
  status: 'PENDING' | 'SENT' | 'FAILED';
  claimedAt: string;
  sentAt: string | null;
}

/** `GET /api/jobsites/{id}/ledger/{date}`: the evidence behind one decided working day. */
export interface LedgerEvidence {
  jobsite: Pick<Jobsite, 'id' | 'name' | 'address' | 'timezone' | 'workingHours'>;
  client: { id: string; name: string } | null;
  date: string;
  verdict: Verdict;
  hoursLost: number;
  delayDay: boolean;
  beyondAllowance: boolean;
  month: { month: string; delayDays: number; anticipated: number; beyondAllowance: number };
  worked: boolean | null;
  note: string | null;
  markedAt: string | null;
  /** Who marked the day (the member's email, issue 22); null when unknown. */
  markedBy?: string | null;
  decidedAt: string;
  judgement: DayJudgement | null;
  rules: Rule[];
  forecast: ForecastSnapshot | null;
  /** Every message claimed about the day, oldest first, with its delivery status. */
  messages: LedgerMessage[];
  /** The weather observed that day beside the forecast, and the day's verdict from it (issue 25). */
  observed: ObservedEvidence;
}
