import { channelLabel, groupAlerts } from '../../../web/src/features/email/api/get-alerts';

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
      { recipient: 'a@x.com', status: 'held until 06:00', messageId: undefined, channel: 'email' },
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
      { recipient: 'a@x.com', status: 'SENT', messageId: undefined, channel: 'email' },
      { recipient: 'b@x.com', status: 'PENDING', messageId: undefined, channel: 'email' },
    ]);
  });

  it('should name the member whose rule change brought the message', () => {
    const rows = groupAlerts([
      { ...fullNotice('a@x.com', 'SENT'), causedBy: 'Dana Ortiz' },
      fullNotice('b@x.com', 'SENT'),
    ]);
    expect(rows).toEqual([expect.objectContaining({ kind: 'notice', causedBy: 'Dana Ortiz' })]);
    expect(groupAlerts([fullNotice('a@x.com', 'SENT')])[0]).not.toHaveProperty('causedBy');
  });

  it('should list a text beside the email of the same notice, with its segments and the carrier delivery status', () => {
    const rows = groupAlerts([
      fullNotice('a@x.com', 'SENT'),
      {
        ...fullNotice('+12065550100', 'SENT'),
        messageKey: 'sms:notice:full',
        channel: 'sms' as const,
        segments: 2,
        deliveryStatus: 'DELIVERED' as const,
      },
      {
        ...fullNotice('+12065550101', 'FAILED'),
        messageKey: 'sms:notice:full',
        channel: 'sms' as const,
        segments: 1,
      },
    ]);
    expect(rows).toHaveLength(1);
    const [email, delivered, failed] = rows[0]!.deliveries!;
    expect(channelLabel(email!)).toBe('Email');
    expect(delivered).toMatchObject({ recipient: '+12065550100', status: 'DELIVERED' });
    expect(channelLabel(delivered!)).toBe('SMS · 2 segments');
    expect(failed).toMatchObject({ status: 'FAILED' });
    expect(channelLabel(failed!)).toBe('SMS · 1 segment');
  });
});
