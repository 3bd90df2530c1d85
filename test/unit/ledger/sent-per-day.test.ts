import { countSentPerDay } from '../../../lambdas/adapters/dynamo/dispatch.repo';

type Row = Parameters<typeof countSentPerDay>[0][number];
const sent = (workDate: string, channel?: 'email' | 'sms', kind: Row['kind'] = 'notice'): Row => ({
  workDate,
  status: 'SENT',
  kind,
  ...(channel ? { channel } : {}),
});

describe("the ledger's count of who was told", () => {
  it('should count a worker emailed and texted about a day as one email and one text, not two sent', () => {
    const counts = countSentPerDay(
      [sent('2026-01-30', 'email'), sent('2026-01-30', 'sms'), sent('2026-01-30')],
      '2026-01-26',
      '2026-02-06',
    );
    expect(counts).toEqual({ '2026-01-30': { email: 2, sms: 1 } });
  });

  it('should leave out escalation texts, messages not sent yet and days outside the range', () => {
    const counts = countSentPerDay(
      [
        sent('2026-01-30', 'sms', 'escalation'),
        { ...sent('2026-01-30', 'email'), status: 'PENDING' },
        sent('2026-02-07', 'email'),
        sent('2026-01-25', 'sms'),
        sent('2026-02-02', 'sms'),
      ],
      '2026-01-26',
      '2026-02-06',
    );
    expect(counts).toEqual({ '2026-02-02': { email: 0, sms: 1 } });
  });
});
