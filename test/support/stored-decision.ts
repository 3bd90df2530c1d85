import { tenantFromStore } from '../../lambdas/core/caller';
import type { Decision } from '../../lambdas/core/dispatch/dispatch.ports';
import type { Verdict } from '../../shared/weather/engine';

/**
 * A day the dispatch decided, as it stores it: a rain rule at 07:00 called the delay unless the verdict
 * is `none`. The ledger, reports and evidence tests write these straight through the composition root.
 */
export function storedRainDecision(day: {
  userId: string;
  jobsiteId: string;
  workDate: string;
  verdict: Verdict;
  hoursLost: number;
  rain: { peak: number; reason: string };
  runId: string;
}): Decision {
  const { workDate, verdict, hoursLost } = day;
  const called = verdict !== 'none';
  return {
    tenantId: tenantFromStore(day.userId),
    jobsiteId: day.jobsiteId,
    workDate,
    verdict,
    hoursLost,
    delayCalled: called,
    judgement: {
      date: workDate,
      verdict,
      hoursLost,
      workingHours: 10,
      rules: called ? [{ id: 'rain', kind: 'delay', hours: ['07:00'], ...day.rain }] : [],
    },
    rules: [],
    forecast: null,
    lastKind: called ? 'notice' : null,
    announcement: null,
    decidedAt: `${workDate}T05:00:00.000Z`,
    runId: day.runId,
  };
}
