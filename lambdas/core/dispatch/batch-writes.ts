import type { DeliveryStats } from '../admin/metrics.ports';
import type { ClaimMark, ClaimRepo, Decision, DecisionRepo } from './dispatch.ports';
import { DayCounts, WriteBuffer } from './write-buffer';

/** DynamoDB's BatchWriteItem takes 25 items a call. */
export const WRITES_PER_CALL = 25;

/** What a batch writes after judging and sending, gathered so that it costs a call per 25, not one each. */
export interface BatchWrites {
  /** The day's decision; written with the batch's others (unconditional, like a single put). */
  putDecision(decision: Decision): Promise<void>;
  /** A sent message's claim marked SENT; written with the batch's others after the sends. */
  markSent(mark: ClaimMark): Promise<void>;
  /** One message accepted by the mail service: the daily delivery counter gets the batch's sum once. */
  delivered(at: Date): void;
  /** Writes everything still pending: call once the batch's sends are done (and on the way out of a failure). */
  flush(): Promise<void>;
}

export interface BatchWritesDeps {
  decisions: Pick<DecisionRepo, 'put' | 'putMany'>;
  claims: Pick<ClaimRepo, 'markSent' | 'markSentMany'>;
  /** The daily delivery counters (admin health); absent, the mailer counts per send or nobody does. */
  delivery?: Pick<DeliveryStats, 'add'>;
}

/**
 * The batch's deferred writes. What a failure of each means:
 * - decisions: the batch is reported failed (`failed` + an error), so the queue retries it and the
 *   retry writes them again; the claims keep the retry from sending anything twice.
 * - marks: the claims stay PENDING, exactly as a crash between a send and its mark leaves one
 *   today: the message went out and is never sent again (a held claim is skipped), and the history
 *   shows it pending. A mark is never a reason to release a claim (that would send the message twice).
 * - the delivery counter: logged and dropped, as the counting mailer does (the mail has gone).
 * A crash before `flush` loses the pending marks and counts the same way (at most the batch's tail).
 */
export function batchWritesOf(
  deps: BatchWritesDeps,
  outcome: { failed: number; errors: string[] },
): BatchWrites {
  const { putMany } = deps.decisions;
  const decisions = putMany
    ? new WriteBuffer<Decision>(
        (items) => putMany.call(deps.decisions, items),
        WRITES_PER_CALL,
        (err, items) => {
          outcome.failed += items.length;
          outcome.errors.push(`${items.length} decisions not stored: ${messageOf(err)}`);
        },
      )
    : null;
  const { markSentMany } = deps.claims;
  const marks = markSentMany
    ? new WriteBuffer<ClaimMark>(
        (items) => markSentMany.call(deps.claims, items),
        WRITES_PER_CALL,
        (err, items) => warn(`${items.length} sent messages left marked pending (they went out once)`, err),
      )
    : null;
  const delivered = new DayCounts();
  return {
    async putDecision(decision) {
      if (decisions) decisions.add(decision);
      else await deps.decisions.put(decision);
    },
    async markSent(mark) {
      if (marks) marks.add(mark);
      else
        await deps.claims
          .markSent(mark.claim, mark.messageId, mark.sentAt)
          .catch((err: unknown) => warn('a sent message left marked pending (it went out once)', err));
    },
    delivered(at) {
      if (deps.delivery) delivered.add(at);
    },
    async flush() {
      await Promise.all([decisions?.flush(), marks?.flush()]);
      for (const [date, sent] of delivered.take()) {
        try {
          await deps.delivery?.add(date, { sent });
        } catch (err) {
          warn('delivery counter not written', err);
        }
      }
    },
  };
}

const messageOf = (err: unknown) => String((err as Error)?.message ?? err);

function warn(message: string, err: unknown) {
  console.warn(JSON.stringify({ level: 'warn', message, error: messageOf(err) }));
}
