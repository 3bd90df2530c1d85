import { randomUUID } from 'node:crypto';
import { tenantFromStore } from '../../../lambdas/core/caller';
import { createAppRoot } from '../../../lambdas/composition/app.root';
import { allowanceInBlocks, allowanceMonth } from '../../../lambdas/core/sms/sms-allowance';
import type { MessageClaim } from '../../../lambdas/core/dispatch/dispatch.ports';
import { PLANS } from '../../../shared/plans';
import { testStack } from '../stack';
import { countDynamoCalls } from '../../support/large-account';

/**
 * A batch's text writes on DynamoDB Local through the composition root's repositories (issue 26
 * item 4): the allowance taken in blocks by parallel workers, and the marks and delivery records
 * written many texts to a transaction.
 */
const stack = testStack();
const root = createAppRoot(stack.lambdaConfig);
const texts = root.smsRoot!.texts;
const counter = countDynamoCalls(root.client);

describe('the SMS allowance taken in blocks', () => {
  it('should never pass the allowance when four workers take blocks at once, and give back what is unspent', async () => {
    const tenant = tenantFromStore(`blocks-${randomUUID()}`);
    const month = allowanceMonth(new Date());
    const limit = PLANS.premium.smsMonthlyAllowance;
    // 45 segments left: less than the four workers' texts want (4 × 30 texts of 1 or 2 segments).
    expect(await texts.allowance.take(tenant, month, limit - 45, limit)).toBe(true);
    const workers = [1, 2, 3, 4].map(() => allowanceInBlocks(texts.allowance));
    const taken = await Promise.all(
      workers.map((worker, w) =>
        Promise.all(
          Array.from({ length: 30 }, async (_, i) => {
            const segments = (i + w) % 3 === 0 ? 2 : 1;
            return (await worker.take(tenant, month, segments, limit)) ? segments : 0;
          }),
        ),
      ),
    );
    const spent = taken.flat().reduce<number>((x, y) => x + y, 0);
    // While the workers hold their blocks, the store never counts more than the allowance.
    expect(await texts.allowance.used(tenant, month)).toBeLessThanOrEqual(limit);
    expect(spent).toBeLessThanOrEqual(45);
    // Within a text's size of the allowance: a worker is refused only when no block and no single text fits.
    expect(spent).toBeGreaterThanOrEqual(45 - 4 * 2);
    await Promise.all(workers.map((w) => w.settle()));
    expect(await texts.allowance.used(tenant, month)).toBe(limit - 45 + spent);
  });

  it('should give back a failed send’s segments with the unspent block', async () => {
    const tenant = tenantFromStore(`blocks-${randomUUID()}`);
    const month = allowanceMonth(new Date());
    const worker = allowanceInBlocks(texts.allowance);
    expect(await worker.take(tenant, month, 2, 100)).toBe(true);
    expect(await worker.take(tenant, month, 1, 100)).toBe(true);
    await worker.giveBack(tenant, month, 2);
    await worker.settle();
    expect(await texts.allowance.used(tenant, month)).toBe(1);
  });
});

describe('sent texts marked many to a transaction', () => {
  const claimOf = (tenantId: string, i: number): MessageClaim => ({
    tenantId,
    jobsiteId: 'pier-nine',
    workDate: '2026-12-09',
    messageKey: 'sms:notice:full',
    recipient: `+1425556${String(1000 + i)}`,
    kind: 'notice',
    verdict: 'full',
    audience: 'worker',
    recipientName: `Worker ${i}`,
    jobsiteName: 'Pier Nine',
    runId: 'marks-test',
    channel: 'sms',
    segments: 1,
  });

  /** A sent text's record: its message id and its claim's key. */
  const refOf = (claim: MessageClaim, messageId: string) => ({
    messageId,
    tenantId: claim.tenantId,
    jobsiteId: claim.jobsiteId,
    workDate: claim.workDate,
    messageKey: claim.messageKey,
    recipient: claim.recipient,
  });

  it('should mark 60 texts SENT, remember their ids and keep a delivery event that landed first', async () => {
    const tenantId = `marks-${randomUUID()}`;
    const claims = Array.from({ length: 60 }, (_, i) => claimOf(tenantId, i));
    const at = new Date();
    expect((await texts.claims.claimMany!(claims, at)).size).toBe(60);
    const sent = claims.map((claim, i) => ({ ref: refOf(claim, `msg-${tenantId}-${i}`), sentAt: at }));
    // The carrier's "delivered" for the first text reached its claim before the mark (written directly,
    // as `record` would once it finds the message).
    const first = sent[0]!.ref;
    const { messageId: _id, ...firstKey } = first;
    await root.db.entities.notificationClaim
      .patch(firstKey)
      .set({ deliveryStatus: 'DELIVERED', deliveryAt: at.toISOString() })
      .go();

    await texts.deliveries.markSentMany!(sent);

    const history = await texts.claims.listRecent(tenantFromStore(tenantId), 100);
    expect(history).toHaveLength(60);
    expect(history.every((m) => m.status === 'SENT' && m.messageId?.startsWith(`msg-${tenantId}`))).toBe(
      true,
    );
    expect(history.find((m) => m.recipient === first.recipient)?.deliveryStatus).toBe('DELIVERED');
    // Each text's delivery events now find its claim by the message id.
    expect(await texts.deliveries.record(sent[59]!.ref.messageId, 'DELIVERED', at.toISOString())).toBe(true);
    const after = await texts.claims.listRecent(tenantFromStore(tenantId), 100);
    expect(after.find((m) => m.recipient === sent[59]!.ref.recipient)?.deliveryStatus).toBe('DELIVERED');
  });

  it('should put whole claims and their records without a transaction, and each delivery event find its claim', async () => {
    const tenantId = `whole-${randomUUID()}`;
    const claims = Array.from({ length: 60 }, (_, i) => ({ ...claimOf(tenantId, i), segments: 1 + (i % 2) }));
    const claimedAt = new Date(Date.now() - 2000);
    expect((await texts.claims.claimMany!(claims, claimedAt)).size).toBe(60);
    const sentAt = new Date();
    const sent = claims.map((claim, i) => ({
      ref: refOf(claim, `whole-${tenantId}-${i}`),
      sentAt,
      claimed: { claim, at: claimedAt },
    }));
    counter.reset();
    await texts.deliveries.markSentMany!(sent);
    // Claims 25 + 25 + 10 (three BatchWriteItem calls), then the records alike; no transaction.
    expect(counter.byCommand).toEqual({ BatchWriteItemCommand: 6 });

    const history = await texts.claims.listRecent(tenantFromStore(tenantId), 100);
    expect(history).toHaveLength(60);
    for (const [i, claim] of claims.entries()) {
      const m = history.find((h) => h.recipient === claim.recipient)!;
      // The whole claim as it was taken, now SENT: names, channel, segments and claim time kept.
      expect(m).toMatchObject({
        status: 'SENT',
        messageId: `whole-${tenantId}-${i}`,
        sentAt: sentAt.toISOString(),
        claimedAt: claimedAt.toISOString(),
        channel: 'sms',
        segments: claim.segments,
        recipientName: claim.recipientName,
        jobsiteName: 'Pier Nine',
        kind: 'notice',
        audience: 'worker',
        runId: 'marks-test',
      });
    }
    // The carrier's events find each text's claim by its message id.
    expect(await texts.deliveries.record(sent[0]!.ref.messageId, 'DELIVERED', sentAt.toISOString())).toBe(
      true,
    );
    expect(await texts.deliveries.record(sent[59]!.ref.messageId, 'FAILED', sentAt.toISOString())).toBe(true);
    const after = await texts.claims.listRecent(tenantFromStore(tenantId), 100);
    expect(after.find((m) => m.recipient === claims[0]!.recipient)?.deliveryStatus).toBe('DELIVERED');
    expect(after.find((m) => m.recipient === claims[59]!.recipient)?.deliveryStatus).toBe('FAILED');
  });
});
