import type { PlanId } from '../../../shared/plans';
import type { Jobsite, Worker } from '../../../shared/records';
import { composeNoticeText } from '../../../shared/sms-text';
import type { Announcement } from '../dispatch/dispatch.ports';
import { claimKeyOf } from '../dispatch/dispatch.ports';
import { SMS_CONFIRMATION_LINE } from '../confirmations/confirmation.ports';
import { sendTextToWorker, smsMessageKey, type TextDeps, type TextOutcome } from './send-texts';

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
  /** The member whose rule change brought this announcement; absent when no one did. */
  changedBy?: string;
  /**
   * Claims the batch's read found held (`claimKeyOf`): those texts went out already (or are going),
   * so they are skipped unasked: no consent read, no refused claim, no short link for them.
   */
  held?: ReadonlySet<string>;
}

/** What texting one announcement did, for the run's record. */
export interface TextsOutcome {
  outcomes: TextOutcome[];
  /** Sends that failed (released: the next due run tries again), as the run record lists them. */
  errors: string[];
  /** Why the texts went without the details link (the short code could not be stored). */
  linkError?: string;
}

/**
 * The workers of the jobsite (named, foreman or through a crew) whose SMS is on, one per number: who
 * a notice of the jobsite is texted to (the batch's held-claims read asks for the same numbers).
 */
export function textTargetsOf(
  jobsite: Pick<Jobsite, 'recipients' | 'foremanWorkerId'>,
  workers: readonly Worker[],
): Worker[] {
  const named = new Set(jobsite.recipients.workerIds);
  const crews = new Set(jobsite.recipients.crewIds);
  const seen = new Set<string>();
  return workers.filter((w) => {
    if (!w.phone || !w.smsOptIn || seen.has(w.phone)) return false;
    if (w.id !== jobsite.foremanWorkerId && !named.has(w.id) && !w.crewIds.some((c) => crews.has(c)))
      return false;
    seen.add(w.phone);
    return true;
  });
}

/**
 * The SMS side of one announcement: every worker of the jobsite (named or through a crew) whose
 * SMS is on gets the same notice as a text, one per number. Called right after the email loop, so
 * quiet hours, the life-safety override and the plan's notification gate apply as to email.
 */
export async function textAnnouncement(input: NoticeTexts, deps: TextDeps): Promise<TextsOutcome> {
  const { jobsite } = input;
  const messageKey = smsMessageKey(input.announcement.messageKey);
  const held = input.held ?? new Set<string>();
  const isHeld = (w: Worker) =>
    held.has(
      claimKeyOf({
        tenantId: input.tenantId,
        jobsiteId: jobsite.id,
        workDate: input.workDate,
        messageKey,
        recipient: w.phone!,
      }),
    );
  const all = textTargetsOf(jobsite, input.workers);
  const targets = all.filter((w) => !isHeld(w));
  const skipped: TextOutcome[] = all.filter(isHeld).map(() => 'already-sent');
  if (targets.length === 0) return { outcomes: skipped, errors: [] };
  const ref = { tenantId: input.tenantId, jobsiteId: jobsite.id, workDate: input.workDate };
  let detailsUrl: string | undefined;
  try {
    // The short link (`/n/<8 chars>`) is made only when someone may be texted.
    detailsUrl = input.detailsUrl ?? (await deps.detailsUrl?.(ref)) ?? undefined;
  } catch (err) {
    // No link is no reason to keep a crew uninformed: the text goes without it, and the run says why.
    const sent = await sendAll(input, deps, targets, undefined);
    return { outcomes: [...skipped, ...sent.outcomes], errors: sent.errors, linkError: errorText(err) };
  }
  const sent = await sendAll(input, deps, targets, detailsUrl);
  return { outcomes: [...skipped, ...sent.outcomes], errors: sent.errors };
}

const errorText = (err: unknown) => String((err as Error)?.message ?? err);

async function sendAll(
  input: NoticeTexts,
  deps: TextDeps,
  targets: readonly Worker[],
  detailsUrl: string | undefined,
): Promise<TextsOutcome> {
  const { announcement, jobsite } = input;
  const text = {
    kind: announcement.kind,
    company: input.company,
    jobsiteName: jobsite.name,
    workDate: input.workDate,
    judgement: announcement.judgement,
    ...(detailsUrl ? { detailsUrl } : {}),
    ...(input.changedBy ? { changedBy: input.changedBy } : {}),
  };
  const { body } = composeNoticeText(text);
  // The foreman confirms a delay notice or update by replying 1 or 2 (core/confirmations answers it).
  const foremanId = announcement.kind === 'allClear' ? null : (jobsite.foremanWorkerId ?? null);
  const foremanBody = foremanId
    ? composeNoticeText({ ...text, replyLine: SMS_CONFIRMATION_LINE }).body
    : body;
  const outcomes: TextOutcome[] = [];
  const errors: string[] = [];
  for (const w of targets) {
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
            worker: { id: w.id, name: w.name, phone: w.phone! },
            body: w.id === foremanId ? foremanBody : body,
            runId: input.runId,
          },
          deps,
        ),
      );
    } catch (err) {
      errors.push(`${jobsite.name} → SMS ${w.phone}: ${errorText(err)}`);
    }
  }
  return { outcomes, errors };
}
