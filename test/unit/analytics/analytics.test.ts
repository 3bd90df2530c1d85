import {
  computeAdvanced,
  computeAnalytics,
  type AnalyticsDay,
  type AnalyticsJobsite,
  type AnalyticsMessage,
} from '../../../lambdas/core/analytics/analytics';
import { analyticsRange, lastDayOf } from '../../../lambdas/core/analytics/get-analytics';

/** `n` distinct people of one crew, named by their email addresses. */
const people = (crew: string, n: number): string[] =>
  Array.from({ length: n }, (_, i) => `${crew}${i}@crew.test`);

const yard: AnalyticsJobsite = {
  id: 'j1',
  name: 'Yard',
  clientId: 'c1',
  workingHours: { start: '07:00', end: '17:00' },
};
const tower: AnalyticsJobsite = {
  id: 'j2',
  name: 'Tower',
  clientId: null,
  workingHours: { start: '08:00', end: '16:00' },
};

const day = (
  jobsiteId: string,
  date: string,
  verdict: AnalyticsDay['verdict'],
  hoursLost: number,
  worked: boolean | null = null,
): AnalyticsDay => ({
  jobsiteId,
  date,
  verdict,
  hoursLost,
  worked,
});
const msg = (
  jobsiteId: string,
  date: string,
  kind: AnalyticsMessage['kind'],
  status: AnalyticsMessage['status'],
): AnalyticsMessage => ({
  jobsiteId,
  date,
  kind,
  status,
});

describe('analytics figures', () => {
  const basic = computeAnalytics({
    fromMonth: '2026-01',
    toMonth: '2026-02',
    jobsites: [yard, tower],
    days: [
      day('j1', '2025-12-31', 'full', 10), // before the range
      day('j1', '2026-01-31', 'full', 10), // last day of January
      day('j1', '2026-02-01', 'partial', 5), // half of a 10 h day: a delay day
      day('j1', '2026-02-02', 'partial', 4.9), // under half: not a delay day
      day('j1', '2026-02-03', 'full', 10, true), // marked worked: not counted
      day('j2', '2026-02-28', 'partial', 4), // half of an 8 h day
      day('j2', '2026-03-01', 'full', 8), // after the range
      day('gone', '2026-01-15', 'full', 10), // a jobsite no longer there
    ],
    messages: [
      msg('j1', '2026-01-31', 'notice', 'SENT'),
      msg('j1', '2026-01-31', 'notice', 'SENT'),
      msg('j1', '2026-01-31', 'notice', 'PENDING'),
      msg('j1', '2026-02-01', 'update', 'SENT'),
      msg('j2', '2026-02-28', 'allClear', 'SENT'),
      msg('j2', '2026-03-01', 'notice', 'SENT'),
    ],
  });

  it('should count delay days and hours lost per jobsite and month, month boundaries included', () => {
    expect(basic.jobsites.map((j) => [j.name, j.months, j.delayDays, j.hoursLost])).toEqual([
      [
        'Tower',
        [
          { month: '2026-01', delayDays: 0, hoursLost: 0 },
          { month: '2026-02', delayDays: 1, hoursLost: 4 },
        ],
        1,
        4,
      ],
      [
        'Yard',
        [
          { month: '2026-01', delayDays: 1, hoursLost: 10 },
          { month: '2026-02', delayDays: 1, hoursLost: 5 },
        ],
        2,
        15,
      ],
    ]);
  });

  it.each([
    [
      '2026-01',
      {
        delayDays: 1,
        hoursLost: 10,
        sent: { notice: 2, update: 0, allClear: 0 },
        attempted: 3,
        delivered: 2,
        deliveryRate: 66.7,
      },
    ],
    [
      '2026-02',
      {
        delayDays: 2,
        hoursLost: 9,
        sent: { notice: 0, update: 1, allClear: 1 },
        attempted: 2,
        delivered: 2,
        deliveryRate: 100,
      },
    ],
  ])('should give %s its delays, notices by kind and delivery rate', (month, expected) => {
    expect(basic.months.find((m) => m.month === month)).toEqual({ month, ...expected });
  });

  it('should total the range only', () => {
    expect(basic.totals).toEqual({
      delayDays: 3,
      hoursLost: 19,
      sent: { notice: 2, update: 1, allClear: 1 },
      attempted: 5,
      delivered: 4,
      deliveryRate: 80,
    });
  });

  it('should answer a zero delivery rate when nothing was sent', () => {
    const empty = computeAnalytics({
      fromMonth: '2026-05',
      toMonth: '2026-05',
      jobsites: [yard],
      days: [],
      messages: [],
    });
    expect(empty.totals.deliveryRate).toBe(0);
    expect(empty.months).toHaveLength(1);
  });

  it('should price the cost of delay as crew workers × hourly rate × hours lost, per jobsite and client', () => {
    const advanced = computeAdvanced({
      basic,
      crewsOf: {
        // Yard: 3 workers at $48.00 and 2 at $55.50; one crew without a rate is left out of the cost.
        j1: [
          { crewId: 'a', people: people('a', 3), hourlyRateCents: 4800 },
          { crewId: 'b', people: people('b', 2), hourlyRateCents: 5550 },
          { crewId: 'c', people: people('c', 4), hourlyRateCents: null },
        ],
        j2: [{ crewId: 'a', people: people('a', 3), hourlyRateCents: 4800 }],
      },
      clientNames: { c1: 'Acme' },
    });
    const yardCost = (3 * 4800 + 2 * 5550) * 15;
    const towerCost = 3 * 4800 * 4;
    expect(advanced.jobsites.find((j) => j.id === 'j1')).toEqual({
      id: 'j1',
      name: 'Yard',
      clientId: 'c1',
      hoursLost: 15,
      hourlyCostCents: 25500,
      costCents: yardCost,
      crewWorkers: 9,
      crewsWithoutRate: 1,
    });
    expect(advanced.clients).toEqual([
      { clientId: 'c1', name: 'Acme', jobsites: 1, delayDays: 2, hoursLost: 15, costCents: yardCost },
      { clientId: null, name: 'No client', jobsites: 1, delayDays: 1, hoursLost: 4, costCents: towerCost },
    ]);
    expect(advanced.totals.costCents).toBe(yardCost + towerCost);
  });

  /** The yard's January with one judged day and no messages: the base the cost figures start from. */
  const yardInJanuary = (judged: ReturnType<typeof day>) =>
    computeAnalytics({
      fromMonth: '2026-01',
      toMonth: '2026-01',
      jobsites: [yard],
      days: [judged],
      messages: [],
    });

  it('should round the cost of delay to the cent', () => {
    const one = yardInJanuary(day('j1', '2026-01-05', 'partial', 5.3));
    const advanced = computeAdvanced({
      basic: one,
      crewsOf: { j1: [{ crewId: 'a', people: people('a', 1), hourlyRateCents: 3333 }] },
      clientNames: {},
    });
    expect(advanced.jobsites[0]?.costCents).toBe(17665); // 3333 × 5.3 = 17,664.9
  });

  it('should count each person once when one address is on two worker records or in two crews of a jobsite', () => {
    const one = yardInJanuary(day('j1', '2026-01-05', 'full', 10));
    // A crew of 3 whose 3 people were imported twice (6 records, upper-case variants included), and
    // one of them also in a second crew of the same jobsite at a higher rate.
    const framers = ['ann@x.test', 'bo@x.test', 'cy@x.test', 'ANN@x.test', 'Bo@X.test', 'cy@x.test'];
    const advanced = computeAdvanced({
      basic: one,
      crewsOf: {
        j1: [
          { crewId: 'framers', people: framers, hourlyRateCents: 4000 },
          { crewId: 'leads', people: ['ann@x.test'], hourlyRateCents: 6000 },
        ],
      },
      clientNames: {},
    });
    expect(advanced.jobsites[0]).toMatchObject({
      crewWorkers: 3,
      hourlyCostCents: 6000 + 4000 + 4000,
      costCents: (6000 + 4000 + 4000) * 10,
    });
  });
});

describe('analytics range', () => {
  const now = new Date('2026-03-15T12:00:00Z');
  it.each([
    [{}, { from: '2025-10', to: '2026-03' }],
    [{ from: '2025-12' }, { from: '2025-12', to: '2026-05' }],
    [{ to: '2026-01' }, { from: '2025-08', to: '2026-01' }],
    [
      { from: '2025-01', to: '2026-12' },
      { from: '2025-01', to: '2026-12' },
    ],
  ])('should read %j as %j', (query, expected) => {
    expect(analyticsRange(query, now)).toEqual(expected);
  });

  it.each([
    [{ from: '2026-13' }, 'from'],
    [{ to: '2026-3' }, 'to'],
    [{ from: '2026-04', to: '2026-03' }, 'from'],
    [{ from: '2024-12', to: '2026-12' }, 'to'],
  ])('should refuse %j naming %s', (query, field) => {
    expect(() => analyticsRange(query, now)).toThrow(expect.objectContaining({ field }));
  });

  it.each([
    ['2026-02', '2026-02-28'],
    ['2028-02', '2028-02-29'],
    ['2026-12', '2026-12-31'],
  ])('should end %s on %s', (month, last) => {
    expect(lastDayOf(month)).toBe(last);
  });
});
