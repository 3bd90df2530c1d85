import { groupAlerts } from '../../../web/src/features/email/api/get-alerts';

describe('the alert history', () => {
  it('should show a message quiet hours hold as "held until" the local time they end', () => {
    const rows = groupAlerts([
      {
        jobsiteId: 's1',
        workDate: '2026-12-03',
        messageKey: 'notice:full',
        kind: 'notice',
        verdict: 'full',
        recipient: 'a@x.com',
        status: 'HELD',
        heldUntil: '06:00',
      },
    ]);
    expect(rows[0]!.deliveries).toEqual([
      { recipient: 'a@x.com', status: 'held until 06:00', messageId: undefined },
    ]);
  });

  it('should fold per-recipient messages into one row per notice with each delivery status', () => {
    const rows = groupAlerts([
      {
        jobsiteId: 's1',
        jobsiteName: 'Pier',
        workDate: '2026-12-02',
        messageKey: 'notice:full',
        kind: 'notice',
        verdict: 'full',
        recipient: 'a@x.com',
        status: 'SENT',
      },
      {
        jobsiteId: 's1',
        jobsiteName: 'Pier',
        workDate: '2026-12-02',
        messageKey: 'notice:full',
        kind: 'notice',
        verdict: 'full',
        recipient: 'b@x.com',
        status: 'PENDING',
      },
      {
        jobsiteId: 's1',
        jobsiteName: 'Pier',
        workDate: '2026-12-02',
        messageKey: 'allClear:none',
        kind: 'allClear',
        verdict: 'none',
        recipient: 'a@x.com',
        status: 'SENT',
      },
    ]);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ day: '2026-12-02', jobsiteName: 'Pier', kind: 'notice' });
    expect(rows[0]!.deliveries).toEqual([
      { recipient: 'a@x.com', status: 'SENT', messageId: undefined },
      { recipient: 'b@x.com', status: 'PENDING', messageId: undefined },
    ]);
  });
});
