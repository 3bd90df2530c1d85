import type { EntityItem } from 'electrodb';
import type { TenantId } from '../../core/caller';
import {
  claimKeyOf,
  type ClaimKeyFields,
  type ClaimMark,
  type ClaimRepo,
  type MessageClaim,
  type SentByChannel,
  type SentMessage,
  type SentPerDay,
} from '../../core/dispatch/dispatch.ports';
import { nullIfAbsent, pickFields } from '../../../shared/pick-fields';
import type { RaincheckService } from './service';
import { tenantKey } from './tenant-keys';
import { claimCreated, claimItem } from './claim-items';
import { putItems, transactWrite } from './direct-writes';
import { writtenUnlessConditionFails } from './conditions';

/** What names a claim: one message of a jobsite's day to one recipient. */
const CLAIM_KEY = ['tenantId', 'jobsiteId', 'workDate', 'messageKey', 'recipient'] as const;

/** DynamoDB takes at most 100 items in one transaction. */
const CLAIMS_PER_TRANSACTION = 100;
/** Transactions tried before the claims left are taken one by one (a conflict with a parallel worker). */
const TRANSACTION_ROUNDS = 4;
/** Why an item of a cancelled transaction is claimed again: only rolled back, or a passing conflict. */
const RETRIED = new Set(['None', 'TransactionConflict', 'ThrottlingError']);

export class DynamoClaimRepo implements ClaimRepo, SentPerDay {
  constructor(private readonly db: RaincheckService) {}

  private key(c: ClaimKeyFields) {
    return pickFields(c, CLAIM_KEY);
  }

  async claim(claim: MessageClaim, at: Date): Promise<boolean> {
    return writtenUnlessConditionFails(() =>
      this.db.entities.notificationClaim
        .create({ ...claim, status: 'PENDING', claimedAt: at.toISOString() })
        .go(),
    );
  }

  async claimMany(claims: readonly MessageClaim[], at: Date): Promise<Set<string>> {
    const taken = new Set<string>();
    const unique = [...new Map(claims.map((c) => [claimKeyOf(c), c])).values()];
    const chunks = Array.from({ length: Math.ceil(unique.length / CLAIMS_PER_TRANSACTION) }, (_, i) =>
      unique.slice(i * CLAIMS_PER_TRANSACTION, (i + 1) * CLAIMS_PER_TRANSACTION),
    );
    await Promise.all(chunks.map((chunk) => this.claimTogether(chunk, at, taken)));
    return taken;
  }

  /**
   * One transaction of conditional puts: all or nothing, so when some are held DynamoDB cancels it
   * and names why, item by item; the ones only rolled back (or caught in another worker's
   * transaction) are claimed again. After a few rounds of conflicts, each left is claimed on its own.
   */
  private async claimTogether(claims: readonly MessageClaim[], at: Date, taken: Set<string>) {
    const claimedAt = at.toISOString();
    let left = [...claims];
    for (let round = 0; left.length > 0; round += 1) {
      if (round === TRANSACTION_ROUNDS) {
        for (const c of left) if (await this.claim(c, at)) taken.add(claimKeyOf(c));
        return;
      }
      if (round > 0) await new Promise((r) => setTimeout(r, 10 * 2 ** round * (0.5 + Math.random())));
      const { direct } = this.db;
      const reasons = await transactWrite(
        direct,
        left.map((c) => claimCreated(direct.table, c, { status: 'PENDING', claimedAt })),
      );
      if (!reasons) {
        for (const c of left) taken.add(claimKeyOf(c));
        return;
      }
      left = left.filter((c, i) => {
        const code = reasons[i] ?? 'None';
        if (code === 'ConditionalCheckFailed') return false; // somebody holds it
        if (RETRIED.has(code)) return true;
        throw new Error(`Claim of ${claimKeyOf(c)} refused: ${code}`);
      });
    }
  }

  async heldOf(claims: readonly ClaimKeyFields[]): Promise<Set<string>> {
    const held = new Set<string>();
    if (claims.length === 0) return held;
    // A read, never a claim: a key missing here is still claimed by its conditional write before any send.
    const { data, unprocessed } = await this.db.entities.notificationClaim
      .get(claims.map((c) => this.key(c)))
      .go({ attributes: [...CLAIM_KEY] });
    if (unprocessed.length > 0) throw new Error(`${unprocessed.length} claims left unread by DynamoDB`);
    for (const item of data) held.add(claimKeyOf(item));
    return held;
  }

  async markSent(claim: MessageClaim, messageId: string, at: Date): Promise<void> {
    await this.db.entities.notificationClaim
      .patch(this.key(claim))
      .set({ status: 'SENT', messageId, sentAt: at.toISOString() })
      .go();
  }

  async markSentMany(marks: readonly ClaimMark[]): Promise<void> {
    // Whole items, since BatchWriteItem only puts: each claim is this worker's, PENDING since
    // `claimedAt`. Nothing else writes an email claim; an SMS claim's delivery events find it only
    // through its message record, written after this (DynamoSmsDeliveries.markSentMany).
    const items = marks.map((m) =>
      claimItem(m.claim, {
        status: 'SENT',
        claimedAt: m.claimedAt.toISOString(),
        messageId: m.messageId,
        sentAt: m.sentAt.toISOString(),
      }),
    );
    await putItems(this.db.direct, 'claim marks', items);
  }

  async release(claim: MessageClaim): Promise<void> {
    await this.db.entities.notificationClaim.delete(this.key(claim)).go();
  }

  async sentPerDay(tenant: TenantId, jobsiteId: string, from: string, to: string) {
    // The sort key goes on past the date (message key, recipient): read to the day after `to`, keep ≤ `to`.
    const after = new Date(Date.parse(`${to}T00:00:00Z`) + 24 * 3600 * 1000).toISOString().slice(0, 10);
    const { data } = await this.db.entities.notificationClaim.query
      .byMessage(tenantKey(tenant, { jobsiteId }))
      .between({ workDate: from }, { workDate: after })
      .go({ pages: 'all', attributes: ['workDate', 'status', 'channel', 'kind'] });
    return countSentPerDay(data, from, to);
  }

  async listRecent(tenant: TenantId, limit: number): Promise<SentMessage[]> {
    const { data } = await this.db.entities.notificationClaim.query
      .byTenantTime(tenantKey(tenant))
      .go({ order: 'desc', limit });
    return data.map(sentMessageOf);
  }
}

type ClaimItem = EntityItem<RaincheckService['entities']['notificationClaim']>;

/**
 * Sent notices per working day, one count per channel: a worker told by email and by text is one
 * email and one text, never two "sent". Escalation texts are about the foreman, not the day's notice.
 */
export function countSentPerDay(
  claims: readonly Pick<ClaimItem, 'workDate' | 'status' | 'channel' | 'kind'>[],
  from: string,
  to: string,
): Record<string, SentByChannel> {
  const counts: Record<string, SentByChannel> = {};
  for (const c of claims) {
    if (c.status !== 'SENT' || c.kind === 'escalation' || c.workDate < from || c.workDate > to) continue;
    const day = (counts[c.workDate] ??= { email: 0, sms: 0 });
    day[c.channel ?? 'email'] += 1;
  }
  return counts;
}

/** A stored claim as the alert history, the ledger and analytics read it. */
export function sentMessageOf(c: ClaimItem): SentMessage {
  return {
    ...pickFields(c, CLAIM_KEY),
    ...pickFields(c, ['kind', 'verdict', 'audience', 'status', 'claimedAt']),
    recipientName: c.recipientName ?? '',
    jobsiteName: c.jobsiteName ?? '',
    runId: c.runId ?? '',
    ...nullIfAbsent(c, ['sentAt', 'messageId']),
    channel: c.channel ?? 'email',
    ...(c.causedBy ? { causedBy: c.causedBy } : {}),
    ...(c.channel === 'sms' ? { segments: c.segments ?? 1, deliveryStatus: c.deliveryStatus ?? null } : {}),
  };
}
