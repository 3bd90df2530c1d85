import { batchWritesOf, WRITES_PER_CALL } from '../../../lambdas/core/dispatch/batch-writes';
import type { ClaimMark, Decision, MessageClaim } from '../../../lambdas/core/dispatch/dispatch.ports';
import { DayCounts, WriteBuffer } from '../../../lambdas/core/dispatch/write-buffer';

const decision = (i: number) => ({ jobsiteId: `j${i}` }) as unknown as Decision;
const mark = (i: number, sentAt = new Date('2026-11-27T13:00:00Z')): ClaimMark => ({
  claim: { recipient: `w${i}@example.com` } as MessageClaim,
  claimedAt: sentAt,
  messageId: `m${i}`,
  sentAt,
});

describe('WriteBuffer', () => {
  it('writes a full list at once and the rest on flush, each item once', async () => {
    const calls: number[][] = [];
    const buffer = new WriteBuffer<number>(
      async (items) => void calls.push(items),
      3,
      () => undefined,
    );
    for (let i = 0; i < 7; i += 1) buffer.add(i);
    expect(calls).toEqual([
      [0, 1, 2],
      [3, 4, 5],
    ]);
    await buffer.flush();
    expect(calls).toEqual([[0, 1, 2], [3, 4, 5], [6]]);
    await buffer.flush();
    expect(calls).toHaveLength(3);
  });

  it('hands a failed write to `failed` with its items, and flush still settles', async () => {
    const failed: number[][] = [];
    const buffer = new WriteBuffer<number>(
      async (items) => {
        if (items.includes(1)) throw new Error('throttled');
      },
      2,
      (_err, items) => void failed.push(items),
    );
    [0, 1, 2].forEach((i) => buffer.add(i));
    await buffer.flush();
    expect(failed).toEqual([[0, 1]]);
  });

  it('flush waits for writes started before it', async () => {
    let release!: () => void;
    const done: number[][] = [];
    const buffer = new WriteBuffer<number>(
      (items) =>
        new Promise<void>((resolve) => {
          release = () => {
            done.push(items);
            resolve();
          };
        }),
      1,
      () => undefined,
    );
    buffer.add(1);
    let flushed = false;
    const flushing = buffer.flush().then(() => (flushed = true));
    await Promise.resolve();
    expect(flushed).toBe(false);
    release();
    await flushing;
    expect(done).toEqual([[1]]);
  });
});

describe('DayCounts', () => {
  it('sums per UTC day and is emptied by take', () => {
    const counts = new DayCounts();
    counts.add(new Date('2026-11-27T23:59:59Z'));
    counts.add(new Date('2026-11-27T10:00:00Z'), 2);
    counts.add(new Date('2026-11-28T00:00:01Z'));
    expect(counts.take()).toEqual([
      ['2026-11-27', 3],
      ['2026-11-28', 1],
    ]);
    expect(counts.take()).toEqual([]);
  });
});

describe('batchWritesOf', () => {
  const stores = () => {
    const calls = { put: 0, putMany: [] as number[], markSent: 0, markSentMany: [] as number[] };
    const added: [string, number][] = [];
    return {
      calls,
      added,
      deps: {
        decisions: {
          put: async () => void (calls.put += 1),
          putMany: async (d: readonly Decision[]) => void calls.putMany.push(d.length),
        },
        claims: {
          markSent: async () => void (calls.markSent += 1),
          markSentMany: async (m: readonly ClaimMark[]) => void calls.markSentMany.push(m.length),
        },
        delivery: {
          add: async (date: string, c: { sent?: number }) => void added.push([date, c.sent ?? 0]),
        },
      },
    };
  };

  it('writes 60 decisions and 60 marks in calls of 25 and adds the day count once', async () => {
    const { deps, calls, added } = stores();
    const outcome = { failed: 0, errors: [] as string[] };
    const writes = batchWritesOf(deps, outcome);
    for (let i = 0; i < 60; i += 1) {
      await writes.putDecision(decision(i));
      await writes.markSent(mark(i));
      writes.delivered(new Date('2026-11-27T13:00:00Z'));
    }
    await writes.flush();
    expect(calls.putMany).toEqual([WRITES_PER_CALL, WRITES_PER_CALL, 10]);
    expect(calls.markSentMany).toEqual([WRITES_PER_CALL, WRITES_PER_CALL, 10]);
    expect(calls.put + calls.markSent).toBe(0);
    expect(added).toEqual([['2026-11-27', 60]]);
    expect(outcome).toEqual({ failed: 0, errors: [] });
  });

  it('reports unstored decisions as failed (the batch is retried) but never fails on marks or the counter', async () => {
    const { deps } = stores();
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const outcome = { failed: 0, errors: [] as string[] };
    const writes = batchWritesOf(
      {
        decisions: { ...deps.decisions, putMany: async () => Promise.reject(new Error('throttled')) },
        claims: { ...deps.claims, markSentMany: async () => Promise.reject(new Error('throttled')) },
        delivery: { add: async () => Promise.reject(new Error('throttled')) },
      },
      outcome,
    );
    for (let i = 0; i < 3; i += 1) {
      await writes.putDecision(decision(i));
      await writes.markSent(mark(i));
      writes.delivered(new Date());
    }
    await writes.flush();
    expect(outcome.failed).toBe(3);
    expect(outcome.errors).toEqual(['3 decisions not stored: throttled']);
    expect(warn.mock.calls.map((c) => String(c[0]))).toEqual([
      expect.stringContaining('3 sent messages left marked pending'),
      expect.stringContaining('delivery counter not written'),
    ]);
    warn.mockRestore();
  });

  it('writes one at a time to stores without batch writes, and counts nothing without a counter', async () => {
    const { deps, calls } = stores();
    const writes = batchWritesOf(
      { decisions: { put: deps.decisions.put }, claims: { markSent: deps.claims.markSent } },
      { failed: 0, errors: [] },
    );
    await writes.putDecision(decision(1));
    await writes.markSent(mark(1));
    writes.delivered(new Date());
    expect(calls.put).toBe(1);
    expect(calls.markSent).toBe(1);
    await writes.flush();
    expect(calls.putMany).toEqual([]);
  });
});
