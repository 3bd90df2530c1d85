import { groupAlerts } from '../../../web/src/features/email/api/get-alerts';

/** One recipient's message of the full-day notice for Pier on 2 December. */
const fullNotice = (recipient: string, status: string) => ({
  jobsiteId: 's1',
  jobsiteName: 'Pier',
  workDate: '2026-12-02',
  messageKey: 'notice:full',
  kind: 'notice',
  verdict: 'full',
  recipient,
  status,
});

describe('the alert history', () => {
  it('should show a message quiet hours hold as "held until" the local time they end', () => {
    const rows = groupAlerts([
      { ...fullNotice('a@x.com', 'HELD'), workDate: '2026-12-03', heldUntil: '06:00' },
    ]);
    expect(rows[0]!.deliveries).toEqual([
      { recipient: 'a@x.com', status: 'held until 06:00', messageId: undefined },
    ]);
  });

  it('should fold per-recipient messages into one row per notice with each delivery status', () => {
    const rows = groupAlerts([
      fullNotice('a@x.com', 'SENT'),
      fullNotice('b@x.com', 'PENDING'),
      { ...fullNotice('a@x.com', 'SENT'), messageKey: 'allClear:none', kind: 'allClear', verdict: 'none' },
    ]);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ day: '2026-12-02', jobsiteName: 'Pier', kind: 'notice' });
    expect(rows[0]!.deliveries).toEqual([
      { recipient: 'a@x.com', status: 'SENT', messageId: undefined },
      { recipient: 'b@x.com', status: 'PENDING', messageId: undefined },
    ]);
  });
});
