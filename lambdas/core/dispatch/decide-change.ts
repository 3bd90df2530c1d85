import type { Jobsite } from '../../../shared/records';
import type { DayJudgement } from '../../../shared/weather/engine';
import type { Decision, MessageKind } from './dispatch.ports';

/** Hours lost that must move before a called delay is worth an update. */
const MATERIAL_HOURS_CHANGE = 2;

interface Change {
  kind: MessageKind | null;
  /** The judgement to report and to keep. */
  judgement: DayJudgement;
  delayCalled: boolean;
}

/**
 * What a new judgement means for a day given the last decision: a notice when the day newly meets
 * its rules, an update when a called delay changes materially, an all-clear when a called delay no
 * longer applies even with the clearing margin (hysteresis), nothing otherwise.
 */
export function decideChange(
  prior: Pick<Decision, 'delayCalled' | 'verdict' | 'hoursLost' | 'lastKind'> | null,
  judged: DayJudgement,
  judgedClearing: DayJudgement,
): Change {
  if (!prior?.delayCalled) {
    if (judged.verdict === 'none') return { kind: null, judgement: judged, delayCalled: false };
    // A day that was called and cleared, then turns bad again, gets an update, not a second notice.
    return {
      kind: prior?.lastKind === 'allClear' ? 'update' : 'notice',
      judgement: judged,
      delayCalled: true,
    };
  }
  if (judged.verdict === 'none') {
    return judgedClearing.verdict === 'none'
      ? { kind: 'allClear', judgement: judged, delayCalled: false }
      : { kind: null, judgement: judgedClearing, delayCalled: true };
  }
  const material =
    judged.verdict !== prior.verdict || Math.abs(judged.hoursLost - prior.hoursLost) >= MATERIAL_HOURS_CHANGE;
  return { kind: material ? 'update' : null, judgement: judged, delayCalled: true };
}

/** The claim key of a message: kind and verdict, and for updates the hours lost they report. */
export function messageKeyOf(kind: MessageKind, judgement: DayJudgement): string {
  return kind === 'update'
    ? `update:${judgement.verdict}:${judgement.hoursLost}`
    : `${kind}:${judgement.verdict}`;
}

/**
 * Who changed the jobsite's rules since the day was last judged, when a person did (issue 22 §4): a
 * message that judgement brings is put down to them in the alert history. A first judgement has none.
 */
export function ruleChangeBy(
  jobsite: Pick<Jobsite, 'rulesUpdatedAt' | 'rulesUpdatedByName'>,
  prior: Pick<Decision, 'decidedAt'> | null,
): string | null {
  if (!prior || !jobsite.rulesUpdatedAt || !jobsite.rulesUpdatedByName) return null;
  return jobsite.rulesUpdatedAt > prior.decidedAt ? jobsite.rulesUpdatedByName : null;
}
