import type { PlanId } from '../../../shared/plans';
import type { Jobsite, Worker } from '../../../shared/records';
import { confirmationFor, type DispatchConfirmations } from '../confirmations/dispatch-confirmations';
import { textAnnouncement, type NoticeTexts } from '../sms/notice-texts';
import { coalescedTextMarks, type TextDeps } from '../sms/send-texts';
import { allowanceInBlocks } from '../sms/sms-allowance';
import type { Announcement, NoticeRecipientRef } from './dispatch.ports';

/** One announced jobsite-day of a run, as the hooks beside the email loop need it. */
export interface AnnouncedDay {
  tenantId: string;
  jobsite: Jobsite;
  workers: readonly Worker[];
  workDate: string;
  announcement: Announcement;
  runId: string;
  /** The member whose rule change brought this announcement; absent when no one did. */
  causedBy?: string;
}

/**
 * Crew confirmation's hook on one email: when `to` is the jobsite's foreman and the message is a
 * delay, the question is asked (once per message) and its two signed links ride on the email; the
 * returned `withdraw` takes it back if the send fails. Null for everyone else.
 */
export function foremanQuestion(
  confirmations: DispatchConfirmations | undefined,
  day: AnnouncedDay,
  to: NoticeRecipientRef,
  at: Date,
) {
  const { kind, messageKey, judgement } = day.announcement;
  return confirmationFor(confirmations, {
    tenantId: day.tenantId,
    jobsite: day.jobsite,
    workers: day.workers,
    to,
    kind,
    messageKey,
    judgement,
    workDate: day.workDate,
    at,
  });
}

/**
 * The SMS channel's hook after the email loop: the same announcement to every opted-in worker of the
 * jobsite by text (core/sms), through the same claims. Answers the failures for the run's record.
 */
export async function textHook(
  texts: TextDeps | undefined,
  day: AnnouncedDay,
  account: { plan: PlanId; company: string },
  /**
   * The batch's way of sending: the claims its read found held (texts among them, skipped unasked),
   * its coalesced claims and how many recipients go at once.
   */
  batch?: Pick<NoticeTexts, 'held' | 'claim' | 'claimedAt' | 'inFlight'>,
): Promise<{ failed: number; errors: string[] }> {
  if (!texts) return { failed: 0, errors: [] };
  const outcome = await textAnnouncement(
    {
      tenantId: day.tenantId,
      plan: account.plan,
      company: account.company,
      jobsite: day.jobsite,
      workDate: day.workDate,
      announcement: day.announcement,
      workers: day.workers,
      runId: day.runId,
      ...(day.causedBy ? { changedBy: day.causedBy } : {}),
      ...batch,
    },
    texts,
  );
  const linkError = outcome.linkError
    ? [`${day.jobsite.name}: texts sent without the details link (${outcome.linkError})`]
    : [];
  return { failed: outcome.errors.length, errors: [...outcome.errors, ...linkError] };
}

/**
 * The SMS channel as one batch uses it: the allowance taken in blocks per account (given back
 * unspent by `settle`, once the batch's sends are done) and the texts' marks and delivery records
 * written 50 a transaction. `settle` never throws: an unspent block left counted is logged.
 */
export function batchTextsOf(texts: TextDeps | undefined) {
  if (!texts) return undefined;
  const allowance = allowanceInBlocks(texts.allowance);
  const markSent = coalescedTextMarks(texts);
  return {
    deps: { ...texts, allowance, ...(markSent ? { markSent } : {}) } satisfies TextDeps,
    settle: () =>
      allowance.settle().catch((err: unknown) =>
        console.warn(
          JSON.stringify({
            level: 'warn',
            message: 'unspent SMS allowance left counted as used',
            error: String((err as Error)?.message ?? err),
          }),
        ),
      ),
  };
}
