import { quietDecision, type QuietHours } from '../../../shared/quiet-hours';
import type { DayJudgement } from '../../../shared/weather/engine';
import type { Rule } from '../../../shared/weather/rule';
import type { Announcement, DueJobsite, NoticeRecipientRef } from './dispatch.ports';
import type { HeldMessageRepo } from './held-messages';

/**
 * Holds a new message when the account's quiet hours are on in the jobsite's zone at `at` and the
 * message is not urgent. True when held: the caller then neither commits the change nor sends it,
 * and the run of the release slot judges the day again.
 */
export async function holdIfQuiet(
  held: HeldMessageRepo | undefined,
  input: {
    quietHours: QuietHours | null | undefined;
    at: Date;
    due: DueJobsite;
    jobsite: { name: string; timezone: string; rules: readonly Rule[] };
    announcement: Announcement & { judgement: DayJudgement };
    recipients: readonly NoticeRecipientRef[];
    runId: string;
    now: Date;
  },
): Promise<boolean> {
  if (!held || !input.quietHours?.enabled || input.recipients.length === 0) return false;
  const { announcement, jobsite, due } = input;
  const decision = quietDecision(
    input.quietHours,
    { judgement: announcement.judgement, rules: jobsite.rules },
    input.at,
    jobsite.timezone,
  );
  if (decision.send) return false;
  await held.hold({
    tenantId: due.tenantId,
    jobsiteId: due.jobsiteId,
    workDate: due.workDate,
    noticeTime: due.noticeTime,
    timezone: jobsite.timezone,
    ...(due.cell ? { cell: due.cell } : {}),
    jobsiteName: jobsite.name,
    kind: announcement.kind,
    verdict: announcement.judgement.verdict,
    messageKey: announcement.messageKey,
    recipients: input.recipients.map((r) => ({ email: r.email, name: r.name, audience: r.audience })),
    releaseAt: decision.releaseAt.toISOString(),
    releaseLocal: decision.releaseLocal,
    heldAt: input.now.toISOString(),
    runId: input.runId,
  });
  return true;
}
