import { localClock } from '../../../shared/notice-slots';
import {
  observedEvidence,
  type DayObservation,
  type ObservedEvidence,
} from '../../../shared/weather/observed';
import type { Decision } from '../dispatch/dispatch.ports';

interface SiteOf {
  latitude: number;
  longitude: number;
  timezone: string;
  workingDays: readonly number[];
  workingHours: { start: string; end: string };
}

/**
 * One decided day's observed side, judged on the rules the decision was made with (not today's:
 * a rule changed since must not rewrite the record). The same function serves the evidence page,
 * the ledger and analytics, so every figure comes from one computation.
 */
export function observedForDecision(
  jobsite: SiteOf,
  decision: Pick<Decision, 'workDate' | 'verdict' | 'judgement' | 'rules'>,
  observation: DayObservation | null,
  now: Date,
): ObservedEvidence {
  return observedEvidence({
    date: decision.workDate,
    site: {
      latitude: jobsite.latitude,
      longitude: jobsite.longitude,
      timezone: jobsite.timezone,
      workingDays: jobsite.workingDays,
      workingHours: jobsite.workingHours,
      rules: decision.rules,
    },
    forecastVerdict: decision.verdict,
    forecastJudgement: decision.judgement,
    observation,
    today: localClock(now, jobsite.timezone).date,
  });
}
