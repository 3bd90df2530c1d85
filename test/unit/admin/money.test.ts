import { csvCell, toCsv } from '../../../shared/csv';
import {
  emailHealth,
  emailsOf,
  invoiceRows,
  revenueSeries,
  subscriptionRows,
  wasLiveAt,
  withPoolUsers,
} from '../../../lambdas/core/admin/money';
import {
  computeMetrics,
  type MetricsInvoice,
  type MetricsSubscription,
} from '../../../lambdas/core/admin/metrics';
import { PLANS } from '../../../shared/plans';

const NOW = new Date('2026-11-20T12:00:00Z');

function sub(ownerId: string, id: string, fields: Partial<MetricsSubscription>): MetricsSubscription {
  return {
    ownerId,
    id,
    plan: 'basic',
    status: 'active',
    billingCycle: 'monthly',
    createdAt: null,
    endDate: null,
    canceledAt: null,
    ...fields,
  };
}

const inv = (
  id: string,
  date: string,
  amount: number,
  status = 'paid',
  extra: Partial<MetricsInvoice> = {},
) => ({
  id,
  ownerId: 'u1',
  date,
  amount,
  status,
  ...extra,
});

describe('revenueSeries', () => {
  // A: Basic monthly since August, live. B: Premium annual since September, canceled 10 Oct.
  // C: Enterprise monthly created this month. D: a guest's copy of A (counted once).
  const subs = [
    sub('a', 'sub_a', { createdAt: '2026-08-05T00:00:00Z' }),
    sub('b', 'sub_b', {
      plan: 'premium',
      billingCycle: 'annual',
      status: 'canceled',
      createdAt: '2026-09-02T00:00:00Z',
      endDate: '2026-10-10T00:00:00Z',
    }),
    sub('c', 'sub_c', { plan: 'enterprise', createdAt: '2026-11-03T00:00:00Z' }),
    sub('guest_x', 'sub_a', { createdAt: '2026-08-05T00:00:00Z' }),
  ];
  const invoices = [
    inv('in_1', '2026-08-05T00:00:00Z', 2999),
    inv('in_2', '2026-09-02T00:00:00Z', 57_590),
    inv('in_3', '2026-09-05T00:00:00Z', 2999),
    inv('in_4', '2026-10-05T00:00:00Z', 2999, 'open', { paymentFailed: true }),
    inv('in_5', '2026-11-03T00:00:00Z', 19_999),
  ];

  it('should give 12 months ending with the current month, oldest first', () => {
    const months = revenueSeries(subs, invoices, NOW);
    expect(months).toHaveLength(12);
    expect(months[0]!.month).toBe('2025-12');
    expect(months[11]!.month).toBe('2026-11');
  });

  it('should value each month-end by the subscriptions live then, and the current month as the metrics mrr', () => {
    const byMonth = Object.fromEntries(revenueSeries(subs, invoices, NOW).map((m) => [m.month, m]));
    expect(byMonth['2026-07']!.mrr).toBe(0);
    expect(byMonth['2026-08']!.mrr).toBe(2999);
    expect(byMonth['2026-09']!.mrr).toBe(2999 + 4799); // 57,590 / 12 rounded half up
    expect(byMonth['2026-10']!.mrr).toBe(2999); // B ended 10 October
    expect(byMonth['2026-11']!.mrr).toBe(2999 + PLANS.enterprise.monthlyCents);
    const metrics = computeMetrics({ subscriptions: subs, invoices, accounts: [], now: NOW });
    expect(byMonth['2026-11']!.mrr).toBe(metrics.subscriptionAnalytics.mrr);
  });

  it('should sum only paid invoices into the month of their date', () => {
    const byMonth = Object.fromEntries(revenueSeries(subs, invoices, NOW).map((m) => [m.month, m.revenue]));
    expect(byMonth['2026-08']).toBe(2999);
    expect(byMonth['2026-09']).toBe(57_590 + 2999);
    expect(byMonth['2026-10']).toBe(0);
    expect(byMonth['2026-11']).toBe(19_999);
  });

  it('should not count a canceled subscription with no recorded end in past months', () => {
    const s = sub('z', 'sub_z', { status: 'canceled', createdAt: '2026-01-01T00:00:00Z' });
    expect(wasLiveAt(s, Date.parse('2026-06-01T00:00:00Z'))).toBe(false);
  });
});

describe('subscription and invoice rows', () => {
  it('should mark a live subscription with an end date as canceling at period end, with the email of its account or else of its Stripe customer', () => {
    const rows = subscriptionRows(
      [
        sub('a', 'sub_a', { endDate: '2026-12-01T00:00:00Z', currentPeriodEnd: '2026-12-01T00:00:00Z' }),
        sub('guest_b', 'sub_b', {
          plan: 'premium',
          billingCycle: 'annual',
          createdAt: '2026-11-01T00:00:00Z',
        }),
      ],
      emailsOf(
        [{ userId: 'a', createdAt: null, email: 'a@example.com' }],
        [sub('guest_b', 'sub_b', { customerId: 'cus_b' })],
        new Map([['cus_b', 'b@example.com']]),
      ),
    );
    expect(rows[0]).toMatchObject({
      id: 'sub_b',
      email: 'b@example.com',
      amount: 57_590,
      cancelAtPeriodEnd: false,
    });
    expect(rows[1]).toMatchObject({
      id: 'sub_a',
      email: 'a@example.com',
      amount: 2999,
      cancelAtPeriodEnd: true,
    });
  });

  it('should file invoices as paid, pending, failed, refunded or void by the billing summary rules', () => {
    const rows = invoiceRows(
      [
        inv('i1', '2026-11-01', 1, 'paid'),
        inv('i2', '2026-11-02', 1, 'open'),
        inv('i3', '2026-11-03', 1, 'open', { paymentFailed: true }),
        inv('i4', '2026-11-04', 1, 'uncollectible'),
        inv('i5', '2026-11-05', -1, 'refunded'),
        inv('i6', '2026-11-06', 1, 'void'),
      ],
      new Map(),
    );
    expect(Object.fromEntries(rows.map((r) => [r.id, r.state]))).toEqual({
      i1: 'paid',
      i2: 'pending',
      i3: 'failed',
      i4: 'failed',
      i5: 'refunded',
      i6: 'void',
    });
  });
});

describe('emailHealth', () => {
  const day = (date: string, sent: number, bounced = 0, complained = 0) => ({
    date,
    sent,
    bounced,
    complained,
  });

  it('should be ok with no mail sent', () => {
    expect(emailHealth([], NOW)).toMatchObject({ sent: 0, bounceRate: 0, complaintRate: 0, state: 'ok' });
  });

  it('should count only the last 30 days and rate bounces and complaints per sent message', () => {
    const health = emailHealth(
      [day('2026-10-21', 1000, 900), day('2026-10-22', 1000, 30, 1), day('2026-11-20', 1000, 20)],
      NOW,
    );
    expect(health).toMatchObject({
      from: '2026-10-22',
      to: '2026-11-20',
      sent: 2000,
      bounced: 50,
      complained: 1,
    });
    expect(health.bounceRate).toBe(2.5);
    expect(health.complaintRate).toBe(0.05);
    expect(health.state).toBe('ok');
  });

  it('should warn at SES review levels and be at risk at its pause levels', () => {
    expect(emailHealth([day('2026-11-20', 1000, 50)], NOW).bounceState).toBe('warning');
    expect(emailHealth([day('2026-11-20', 1000, 100)], NOW).state).toBe('at-risk');
    expect(emailHealth([day('2026-11-20', 1000, 0, 1)], NOW).complaintState).toBe('warning');
    expect(emailHealth([day('2026-11-20', 1000, 0, 5)], NOW)).toMatchObject({
      complaintRate: 0.5,
      complaintState: 'at-risk',
      state: 'at-risk',
    });
  });
});

describe('CSV', () => {
  it('should quote commas, quotes and line breaks and defuse formulas', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('-5.00')).toBe("'-5.00");
    expect(csvCell(-5)).toBe('-5');
    expect(toCsv(['a', 'b'], [[1, null]])).toBe('a,b\r\n1,\r\n');
  });
});

describe('withPoolUsers', () => {
  it('should date each user by the sign-up, not the first profile save, and list users who never saved one', () => {
    const accounts = withPoolUsers(
      [{ userId: 'u1', createdAt: '2026-11-10T09:00:00.000Z', email: 'ana@example.com', name: 'Ana' }],
      [
        { id: 'u1', email: 'ana@example.com', createdAt: '2026-10-01T08:00:00.000Z' },
        { id: 'u2', email: 'bo@example.com', createdAt: '2026-11-19T08:00:00.000Z' },
      ],
    );
    expect(accounts).toEqual([
      { userId: 'u1', createdAt: '2026-10-01T08:00:00.000Z', email: 'ana@example.com', name: 'Ana' },
      { userId: 'u2', createdAt: '2026-11-19T08:00:00.000Z', email: 'bo@example.com' },
    ]);
  });
});
