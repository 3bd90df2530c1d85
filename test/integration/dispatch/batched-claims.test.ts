import { randomUUID } from 'node:crypto';
import { createDocumentClient } from '../../../lambdas/adapters/dynamo/client';
import { DynamoClaimRepo } from '../../../lambdas/adapters/dynamo/dispatch.repo';
import { createRaincheckService } from '../../../lambdas/adapters/dynamo/service';
import { tenantFromStore } from '../../../lambdas/core/caller';
import { claimKeyOf, type MessageClaim } from '../../../lambdas/core/dispatch/dispatch.ports';
import { testStack } from '../stack';

/**
 * The batched claims and marks of the send path (issue 26 item 4) in DynamoDB Local: a jobsite's
 * messages are claimed in one transaction of conditional puts, and whoever claims at the same time
 * as another worker, or after one, gets each message at most once, all of them between them.
 */
const stack = testStack();
const db = createRaincheckService(
  stack.lambdaConfig.TABLE_NAME,
  createDocumentClient({ region: stack.lambdaConfig.AWS_REGION, endpoint: stack.dynamoUrl }),
);
const claims = new DynamoClaimRepo(db);
const AT = new Date('2026-12-01T12:00:00Z');

/** `n` messages of one new jobsite-day (a tenant of its own, so tests never share claims). */
function messages(n: number, tenantId = `t-${randomUUID()}`): MessageClaim[] {
  return Array.from({ length: n }, (_, i) => ({
    tenantId,
    jobsiteId: 'j1',
    workDate: '2026-12-02',
    messageKey: 'notice:full',
    recipient: `worker${i}@example.com`,
    kind: 'notice',
    verdict: 'full',
    audience: 'worker',
    recipientName: `Worker ${i}`,
    jobsiteName: 'North Yard',
    runId: 'run-1',
  }));
}
const keys = (cs: readonly MessageClaim[]) => new Set(cs.map(claimKeyOf));

describe('batched claims (DynamoDB Local)', () => {
  it('claims a jobsite’s messages together, and none of them a second time', async () => {
    const offered = messages(7);
    expect(await claims.claimMany(offered, AT)).toEqual(keys(offered));
    expect(await claims.claimMany(offered, AT)).toEqual(new Set());
    expect(await claims.heldOf(offered)).toEqual(keys(offered));
  });

  it('a transaction cancelled by one held claim still claims the others', async () => {
    const offered = messages(6);
    expect(await claims.claim(offered[2]!, AT)).toBe(true);
    const taken = await claims.claimMany(offered, AT);
    expect(taken).toEqual(keys(offered.filter((_, i) => i !== 2)));
  });

  it('takes more than a transaction holds (100) in several, each once', async () => {
    const offered = messages(230);
    await claims.claim(offered[150]!, AT);
    const taken = await claims.claimMany([...offered, offered[3]!], AT);
    expect(taken.size).toBe(229);
    expect(taken.has(claimKeyOf(offered[150]!))).toBe(false);
  });

  it('parallel workers claiming the same messages get each one exactly once between them', async () => {
    const offered = messages(40);
    // Eight workers, each offering an overlapping, differently ordered share of the same messages.
    const shares = Array.from({ length: 8 }, (_, w) =>
      offered.filter((_, i) => (i + w) % 3 !== 0).sort(() => (w % 2 === 0 ? 1 : -1)),
    );
    const results = await Promise.all(shares.map((share) => claims.claimMany(share, AT)));
    const all = results.flatMap((r) => [...r]);
    expect(all.length).toBe(new Set(all).size);
    expect(new Set(all)).toEqual(keys(offered));
    // Whatever each worker got, it offered.
    results.forEach((r, w) => [...r].forEach((k) => expect(keys(shares[w]!).has(k)).toBe(true)));
  });

  it('marks many claims sent in one write, whole, as the history reads them', async () => {
    const offered = messages(30);
    await claims.claimMany(offered, AT);
    const sentAt = new Date('2026-12-01T12:00:05Z');
    await claims.markSentMany(
      offered.map((claim, i) => ({ claim, claimedAt: AT, messageId: `ses-${i}`, sentAt })),
    );
    const recent = await claims.listRecent(tenantFromStore(offered[0]!.tenantId), 50);
    expect(recent).toHaveLength(30);
    for (const m of recent) {
      expect(m).toMatchObject({ status: 'SENT', claimedAt: AT.toISOString(), sentAt: sentAt.toISOString() });
      expect(m.messageId).toBe(`ses-${m.recipient.replace(/\D/g, '')}`);
      expect(m.recipientName).toBe(`Worker ${m.recipient.replace(/\D/g, '')}`);
    }
    const perDay = await claims.sentPerDay(
      tenantFromStore(offered[0]!.tenantId),
      'j1',
      '2026-12-02',
      '2026-12-02',
    );
    expect(perDay).toEqual({ '2026-12-02': { email: 30, sms: 0 } });
  });
});
