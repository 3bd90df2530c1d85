import type { TenantId } from '../../../lambdas/core/caller';
import type { ClaimRepo, MessageClaim } from '../../../lambdas/core/dispatch/dispatch.ports';
import { coalescedTextMarks, type TextMark } from '../../../lambdas/core/sms/send-texts';
import { ALLOWANCE_BLOCK, allowanceInBlocks } from '../../../lambdas/core/sms/sms-allowance';
import type { SentText, SmsAllowance, SmsDeliveryLog } from '../../../lambdas/core/sms/sms.ports';

const tenant = 'tenant-1' as TenantId;
const MONTH = '2026-12';

/** The store's conditional take, counted: what DynamoDB's smsUsage item does, in memory. */
function countingAllowance(used = 0) {
  const calls = { take: 0, giveBack: 0 };
  const store: SmsAllowance & { segments: number } = {
    segments: used,
    async take(_t, _m, count, limit) {
      calls.take += 1;
      await Promise.resolve();
      if (store.segments + count > limit) return false;
      store.segments += count;
      return true;
    },
    async giveBack(_t, _m, count) {
      calls.giveBack += 1;
      store.segments -= count;
    },
    used: async () => store.segments,
  };
  return { store, calls };
}

describe('the allowance in blocks', () => {
  it('should take 12 texts of an account with one conditional write and give the rest back once', async () => {
    const { store, calls } = countingAllowance();
    const batch = allowanceInBlocks(store);
    const taken = await Promise.all(Array.from({ length: 12 }, () => batch.take(tenant, MONTH, 1, 1000)));
    expect(taken.every(Boolean)).toBe(true);
    expect(calls.take).toBe(1);
    expect(store.segments).toBe(ALLOWANCE_BLOCK);
    await batch.settle();
    expect(calls.giveBack).toBe(1);
    expect(store.segments).toBe(12);
  });

  it('should take only what a text needs where a block no longer fits, and refuse past the allowance', async () => {
    const { store } = countingAllowance(95);
    const batch = allowanceInBlocks(store);
    const taken = await Promise.all(Array.from({ length: 4 }, () => batch.take(tenant, MONTH, 2, 100)));
    // 5 segments left: two 2-segment texts fit, the others do not.
    expect(taken.filter(Boolean)).toHaveLength(2);
    expect(store.segments).toBeLessThanOrEqual(100);
    await batch.settle();
    expect(store.segments).toBe(99);
  });

  it('should keep the store within the allowance however many batches take at once', async () => {
    const { store } = countingAllowance(0);
    const batches = [1, 2, 3].map(() => allowanceInBlocks(store, 7));
    const taken = await Promise.all(
      batches.flatMap((b) => Array.from({ length: 20 }, () => b.take(tenant, MONTH, 1, 50))),
    );
    expect(store.segments).toBeLessThanOrEqual(50);
    await Promise.all(batches.map((b) => b.settle()));
    expect(store.segments).toBe(taken.filter(Boolean).length);
    expect(taken.filter(Boolean).length).toBeGreaterThanOrEqual(50 - 3 * 6);
  });
});

describe('coalesced text marks', () => {
  const claimOf = (i: number) =>
    ({
      tenantId: 't',
      jobsiteId: 'j',
      workDate: '2026-12-09',
      messageKey: 'sms:notice:full',
      recipient: `+1${i}`,
    }) as MessageClaim;

  function deps(failMany: boolean) {
    const transactions: SentText[][] = [];
    const single: string[] = [];
    const deliveries: SmsDeliveryLog = {
      remember: async (ref) => void single.push(`remember ${ref.messageId}`),
      record: async () => true,
      markSentMany: async (texts) => {
        transactions.push([...texts]);
        await new Promise((r) => setTimeout(r, 5));
        if (failMany) throw new Error('TransactionCanceled');
      },
    };
    const claims = {
      markSent: async (_c: MessageClaim, id: string) => void single.push(`mark ${id}`),
    } as unknown as ClaimRepo;
    return { transactions, single, claims, deliveries };
  }
  const marks = (n: number): TextMark[] =>
    Array.from({ length: n }, (_, i) => ({ claim: claimOf(i), messageId: `m${i}`, sentAt: new Date() }));

  it('should write the texts sent while a transaction is out together in the next', async () => {
    const d = deps(false);
    const mark = coalescedTextMarks(d)!;
    await Promise.all(marks(120).map(mark));
    // The first goes alone; the 119 that came meanwhile go 50 a transaction.
    expect(d.transactions.map((t) => t.length)).toEqual([1, 50, 50, 19]);
    expect(d.single).toEqual([]);
  });

  it('should hand the whole claim with its time to the store when the claim time is known', async () => {
    const d = deps(false);
    const mark = coalescedTextMarks(d)!;
    const claimedAt = new Date('2026-12-08T11:00:00Z');
    const [known, unknown] = marks(2);
    await Promise.all([mark({ ...known!, claimedAt }), mark(unknown!)]);
    const sent = d.transactions.flat();
    expect(sent.find((t) => t.ref.messageId === 'm0')?.claimed).toEqual({
      claim: known!.claim,
      at: claimedAt,
    });
    // Without the claim time the store updates the claim in place (no whole item to put).
    expect(sent.find((t) => t.ref.messageId === 'm1')).not.toHaveProperty('claimed');
  });

  it('should write each text on its own when a transaction fails', async () => {
    const d = deps(true);
    const mark = coalescedTextMarks(d)!;
    await Promise.all(marks(3).map(mark));
    expect(d.single.sort()).toEqual([
      'mark m0',
      'mark m1',
      'mark m2',
      'remember m0',
      'remember m1',
      'remember m2',
    ]);
  });
});
