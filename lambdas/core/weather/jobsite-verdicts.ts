import type { TenantId } from '../caller';
import { isDelayDay } from '../ledger/ledger';
import { mustGet } from '../records/record-crud';
import { outlooksOf, type OutlookDeps } from './jobsite-outlook';

export interface JobsiteVerdict {
  date: string;
  verdict: 'none' | 'partial' | 'full';
  /** Counts as a weather day, as the ledger counts it (full, or partial losing half the day or more). */
  delayDay: boolean;
  hoursLost: number;
  /** Why, one line per rule that counts, in the account's units. */
  reasons: string[];
  /** The holiday or shutdown that makes it a day nobody works, if any. */
  holiday: string | null;
}

/**
 * A jobsite's verdicts for the coming `days`, from the dashboard's own outlook (the engine the dispatch
 * uses). An unknown id, or another account's, is not found; an inactive jobsite has no verdicts.
 */
export async function jobsiteVerdicts(
  tenant: TenantId,
  jobsiteId: string,
  days: number,
  deps: OutlookDeps,
): Promise<JobsiteVerdict[]> {
  const jobsite = await mustGet(deps.records.jobsites, tenant, jobsiteId, 'Jobsite');
  // This jobsite's forecast only: judging the account's every jobsite grew with its size.
  const [item] = (await outlooksOf(tenant, [jobsite], deps, { days })).items;
  return (item?.days ?? []).map((d) => ({
    date: d.date,
    verdict: d.verdict,
    delayDay: !d.holiday && isDelayDay({ ...d, worked: null }, d.workingHours),
    hoursLost: d.hoursLost,
    reasons: d.rules.map((r) => r.reason),
    holiday: d.holiday ?? null,
  }));
}
