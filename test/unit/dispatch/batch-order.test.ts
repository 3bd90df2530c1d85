import { inBatchOrder } from '../../../lambdas/core/dispatch/plan-dispatch';
import type { DueJobsite } from '../../../lambdas/core/dispatch/dispatch.ports';

/** The order batches are cut from: an account's jobsites together, so its records are read once a run. */

const due = (tenantId: string, jobsiteId: string, cell: string): DueJobsite => ({
  tenantId,
  jobsiteId,
  workDate: '2026-12-02',
  noticeTime: '05:00',
  timezone: 'America/Chicago',
  cell,
});

describe('the order batches are cut from', () => {
  const chicago = 'g0.05:41.90,-87.65';
  const newYork = 'g0.05:40.70,-74.00';
  // [account, jobsite, cell], in the order the zones' queries found them.
  const found: [string, string, string][] = [
    ['acme', 'a1', chicago],
    ['zenith', 'z1', newYork],
    ['acme', 'a2', newYork],
    ['bolt', 'b1', chicago],
    ['acme', 'a3', chicago],
    ['zenith', 'z2', newYork],
    ['bolt', 'b2', 'g0.05:41.85,-87.60'],
  ];
  const jobsites = found.map(([tenant, id, cell]) => due(tenant, id, cell));

  it("should keep each account's jobsites side by side, accounts by their most used cell", () => {
    const order = inBatchOrder(jobsites).map((d) => d.jobsiteId);
    // zenith works in New York; bolt (a tie: the smaller key, 41.85) and acme (2 of 3 at 41.90) in Chicago.
    expect(order).toEqual(['z1', 'z2', 'b2', 'b1', 'a2', 'a1', 'a3']);
  });

  it('should cut batches that hold each account once, whatever order the jobsites came in', () => {
    const shuffled = [...jobsites].reverse();
    const order = inBatchOrder(shuffled);
    expect(order.map((d) => d.jobsiteId)).toEqual(inBatchOrder(jobsites).map((d) => d.jobsiteId));
    const runs = order.map((d) => d.tenantId).filter((t, i, all) => t !== all[i - 1]);
    expect(runs).toEqual(['zenith', 'bolt', 'acme']);
    expect(shuffled[0]!.jobsiteId).toBe('b2');
  });
});
