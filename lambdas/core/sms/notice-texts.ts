import type { PlanId } from '../../../shared/plans';
import type { Jobsite, Worker } from '../../../shared/records';
import { composeNoticeText } from '../../../shared/sms-text';
import type { Announcement } from '../dispatch/dispatch.ports';
import { SMS_CONFIRMATION_LINE } from '../confirmations/confirmation.ports';
import { sendTextToWorker, type TextDeps, type TextOutcome } from './send-texts';

export interface NoticeTexts {
  tenantId: string;
  plan: PlanId;
  company: string;
  jobsite: Pick<Jobsite, 'id' | 'name' | 'recipients' | 'foremanWorkerId'>;
  workDate: string;
  announcement: Announcement;
  workers: readonly Worker[];
  runId: string;
  /** The notice's details page (helper "notices"' maker), when wired. */
  detailsUrl?: string;
}

/**
 * The SMS side of one announcement: every worker of the jobsite (named or through a crew) whose
 * SMS is on gets the same notice as a text, one per number. Called right after the email loop, so
 * quiet hours, the life-safety override and the plan's notification gate apply as to email.
 */
export interface TextsOutcome {
  outcomes: TextOutcome[];
  /** Sends that failed (released: the next due run tries again), as the run record lists them. */
  errors: string[];
}

export async function textAnnouncement(input: NoticeTexts, deps: TextDeps): Promise<TextsOutcome> {
  const { announcement, jobsite } = input;
  const named = new Set(jobsite.recipients.workerIds);
  const crews = new Set(jobsite.recipients.crewIds);
  const seen = new Set<string>();
  const detailsUrl =
    input.detailsUrl ??
    deps.detailsUrl?.({ tenantId: input.tenantId, jobsiteId: jobsite.id, workDate: input.workDate }) ??
    undefined;
  const text = {
    kind: announcement.kind,
    company: input.company,
    jobsiteName: jobsite.name,
    workDate: input.workDate,
    judgement: announcement.judgement,
    ...(detailsUrl ? { detailsUrl } : {}),
  };
  const { body } = composeNoticeText(text);
  // The foreman confirms a delay notice or update by replying 1 or 2 (core/confirmations answers it).
  const foremanId = announcement.kind === 'allClear' ? null : (jobsite.foremanWorkerId ?? null);
  const foremanBody = foremanId
    ? composeNoticeText({ ...text, replyLine: SMS_CONFIRMATION_LINE }).body
    : body;
  const outcomes: TextOutcome[] = [];
  const errors: string[] = [];
  for (const w of input.workers) {
    if (!w.phone || !w.smsOptIn || seen.has(w.phone)) continue;
    if (w.id !== jobsite.foremanWorkerId && !named.has(w.id) && !w.crewIds.some((c) => crews.has(c)))
      continue;
    seen.add(w.phone);
    try {
      outcomes.push(
        await sendTextToWorker(
          {
            tenantId: input.tenantId,
            plan: input.plan,
            jobsiteId: jobsite.id,
            jobsiteName: jobsite.name,
            workDate: input.workDate,
            messageKey: announcement.messageKey,
            kind: announcement.kind,
            verdict: announcement.judgement.verdict,
            audience: w.isManager ? 'manager' : 'worker',
            worker: { id: w.id, name: w.name, phone: w.phone },
            body: w.id === foremanId ? foremanBody : body,
            runId: input.runId,
          },
          deps,
        ),
      );
    } catch (err) {
      errors.push(`${jobsite.name} → SMS ${w.phone}: ${String((err as Error)?.message ?? err)}`);
    }
  }
  return { outcomes, errors };
}
