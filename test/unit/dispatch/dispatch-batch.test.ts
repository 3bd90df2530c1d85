import { decodeBatch, dueOf, encodeBatch } from '../../../lambdas/core/dispatch/dispatch-batch';
import type { DueJobsite } from '../../../lambdas/core/dispatch/dispatch.ports';

const header = {
  runId: 'run-1',
  runStartedAt: '2026-12-03T14:00:00.000Z',
  slotStart: '2026-12-03T14:00:00.000Z',
  asOf: '2026-12-03T14:00:00.000Z',
  batchNo: 0,
  unjudgedRoom: 10,
  errorsRoom: 5,
};

describe('dispatch batch messages', () => {
  it('should carry a message quiet hours held through the queue, so the worker clears the hold once judged', () => {
    const due: DueJobsite[] = [
      {
        tenantId: 't',
        jobsiteId: 'held',
        workDate: '2026-12-03',
        noticeTime: '05:00',
        timezone: 'America/Chicago',
        cell: 'c1',
        released: true,
      },
      {
        tenantId: 't',
        jobsiteId: 'plain',
        workDate: '2026-12-03',
        noticeTime: '06:00',
        timezone: 'America/Chicago',
      },
    ];

    const decoded = decodeBatch(encodeBatch(header, due));

    expect(decoded.jobsites.map(dueOf)).toEqual(due);
  });
});
