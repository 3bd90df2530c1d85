import { mapWithConcurrency } from '../../../shared/concurrency';
import type { DispatchConfirmations } from '../confirmations/dispatch-confirmations';
import type { Clock } from '../runtime.ports';
import type { BatchWrites } from './batch-writes';
import {
  claimKeyOf,
  type ClaimRepo,
  type MessageClaim,
  type NoticeContent,
  type NoticeRecipientRef,
  type NoticeSender,
  type SentCounts,
} from './dispatch.ports';
import { foremanQuestion, type AnnouncedDay } from './notice-channel-hooks';

export interface SendDeps {
  claims: Pick<ClaimRepo, 'release'>;
  sender: NoticeSender;
  clock: Clock;
  confirmations?: DispatchConfirmations;
}

/** What one jobsite's email loop adds to the batch's outcome. */
export interface SendOutcome {
  sent: SentCounts;
  failed: number;
  errors: string[];
}

/**
 * The day's announcement by email to each recipient, a few at a time: the jobsite's messages are
 * claimed together by conditional writes before any is sent, and each is marked sent with the
 * batch's other marks after. A failed send releases its claim, so the next run tries that recipient
 * again; a failed mark never does (the message went out).
 */
export async function emailAnnouncement(
  deps: SendDeps,
  day: AnnouncedDay & { content: Omit<NoticeContent, 'confirmation'> },
  recipients: readonly NoticeRecipientRef[],
  batch: {
    held: ReadonlySet<string>;
    /** Claims the messages offered (claim-coalescer.ts); answers the keys taken. */
    claim: (offered: readonly MessageClaim[]) => Promise<Set<string>>;
    writes: BatchWrites;
    now: Date;
    asOf: Date;
    inFlight: number;
  },
  outcome: SendOutcome,
): Promise<void> {
  const { kind, messageKey, judgement } = day.announcement;
  const claimOf = (to: NoticeRecipientRef): MessageClaim => ({
    tenantId: day.tenantId,
    jobsiteId: day.jobsite.id,
    workDate: day.workDate,
    messageKey,
    recipient: to.email,
    kind,
    verdict: judgement.verdict,
    audience: to.audience,
    recipientName: to.name,
    jobsiteName: day.jobsite.name,
    runId: day.runId,
    ...(day.causedBy ? { causedBy: day.causedBy } : {}),
  });
  // The claims the batch's read found held are skipped unasked; the others are claimed together.
  const offered = recipients
    .map((to) => ({ to, claim: claimOf(to) }))
    .filter(({ claim }) => !batch.held.has(claimKeyOf(claim)));
  const taken = await batch.claim(offered.map((o) => o.claim));
  const mine = offered.filter(({ claim }) => taken.has(claimKeyOf(claim)));
  await mapWithConcurrency(mine, batch.inFlight, async ({ to, claim }) => {
    let confirmation: Awaited<ReturnType<typeof foremanQuestion>> = null;
    let messageId: string;
    try {
      confirmation = await foremanQuestion(deps.confirmations, day, to, batch.asOf);
      ({ messageId } = await deps.sender.send(
        { ...day.content, ...(confirmation ? { confirmation: confirmation.links } : {}) },
        to,
      ));
    } catch (err) {
      await confirmation?.withdraw();
      await deps.claims.release(claim);
      outcome.failed += 1;
      outcome.errors.push(`${day.jobsite.name} → ${to.email}: ${String((err as Error)?.message ?? err)}`);
      return;
    }
    const sentAt = deps.clock.now();
    batch.writes.delivered(sentAt);
    outcome.sent[kind] += 1;
    await batch.writes.markSent({ claim, claimedAt: batch.now, messageId, sentAt });
  });
}
