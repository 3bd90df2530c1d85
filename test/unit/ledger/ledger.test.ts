import { ValidationError } from '../../../lambdas/core/errors';
import { ledgerRange } from '../../../lambdas/core/ledger/jobsite-ledger';
import {
  computeLedger,
  isDelayDay,
  ledgerCsv,
  monthsBetween,
  workingHoursLength,
} from '../../../lambdas/core/ledger/ledger';
import type { LedgerDayInput } from '../../../shared/ledger';

const HOURS = { start: '07:00', end: '17:00' }; // 10 working hours

const day = (
  date: string,
  verdict: LedgerDayInput['verdict'],
  hoursLost: number,
  worked: boolean | null = null,
) => ({
  date,
  verdict,
  hoursLost,
  reasons: verdict === 'none' ? [] : ['Rain 0.3 in/h'],
  worked,
  note: null,
  decidedAt: `${date}T05:00:00.000Z`,
});

const allowance = (n: number) => Array.from({ length: 12 }, () => n);

describe('isDelayDay', () => {
  it.each([
    ['full', 10, null, true],
    ['full', 10, false, true],
    ['full', 10, true, false],
    ['partial', 5, null, true], // half the day
    ['partial', 4.5, null, false],
    ['partial', 7, true, false],
    ['none', 0, null, false],
  ] as const)('%s with %p hours lost, worked %p → %p', (verdict, hoursLost, worked, expected) => {
    expect(isDelayDay({ verdict, hoursLost, worked }, 10)).toBe(expected);
  });
});

describe('computeLedger', () => {
  it('counts days beyond the allowance month by month across a month boundary', () => {
    const ledger = computeLedger({
      from: '2026-01-26',
      to: '2026-02-06',
      anticipated: allowance(1),
      workingHours: HOURS,
      days: [day('2026-02-02', 'full', 10), day('2026-01-31', 'full', 10), day('2026-01-30', 'full', 10)],
    });
    expect(ledger.days.map((d) => d.date)).toEqual(['2026-01-30', '2026-01-31', '2026-02-02']);
    expect(ledger.months).toEqual([
      { month: '2026-01', delayDays: 2, hoursLost: 20, anticipated: 1, beyondAllowance: 1 },
      { month: '2026-02', delayDays: 1, hoursLost: 10, anticipated: 1, beyondAllowance: 0 },
    ]);
    // Not max(0, 3 − 2): each month's allowance is its own.
    expect(ledger.totals).toEqual({ delayDays: 3, hoursLost: 30, beyondAllowance: 1 });
  });

  it.each([
    {
      name: 'a day marked worked is kept in the ledger but not counted',
      days: [day('2026-03-02', 'full', 10, true), day('2026-03-03', 'full', 10)],
      anticipated: allowance(0),
      months: [{ month: '2026-03', delayDays: 1, hoursLost: 10, anticipated: 0, beyondAllowance: 1 }],
      rows: 2,
    },
    {
      name: 'partial days count from half the working day',
      days: [day('2026-03-02', 'partial', 5), day('2026-03-03', 'partial', 3), day('2026-03-04', 'none', 0)],
      anticipated: allowance(0),
      months: [{ month: '2026-03', delayDays: 1, hoursLost: 5, anticipated: 0, beyondAllowance: 1 }],
      rows: 3,
    },
    {
      name: 'no allowance entered counts every delay day as beyond it',
      days: [day('2026-03-02', 'full', 10), day('2026-03-03', 'full', 10)],
      anticipated: null,
      months: [{ month: '2026-03', delayDays: 2, hoursLost: 20, anticipated: 0, beyondAllowance: 2 }],
      rows: 2,
    },
    {
      name: 'fewer delay days than the allowance never go negative',
      days: [day('2026-03-02', 'full', 10)],
      anticipated: [0, 0, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0],
      months: [{ month: '2026-03', delayDays: 1, hoursLost: 10, anticipated: 4, beyondAllowance: 0 }],
      rows: 1,
    },
    {
      name: 'days outside the range are left out',
      days: ['2026-02-27', '2026-03-02', '2026-04-01'].map((date) => day(date, 'full', 10)),
      anticipated: allowance(0),
      months: [{ month: '2026-03', delayDays: 1, hoursLost: 10, anticipated: 0, beyondAllowance: 1 }],
      rows: 1,
    },
  ])('$name', ({ days, anticipated, months, rows }) => {
    const ledger = computeLedger({
      from: '2026-03-01',
      to: '2026-03-31',
      anticipated,
      workingHours: HOURS,
      days,
    });
    expect(ledger.months).toEqual(months);
    expect(ledger.days).toHaveLength(rows);
  });

  it("marks the delay days past each month's allowance, in date order, a worked day freeing its place", () => {
    const ledger = computeLedger({
      from: '2026-01-28',
      to: '2026-02-04',
      workingHours: HOURS,
      anticipated: allowance(1),
      days: [
        day('2026-01-28', 'full', 10),
        day('2026-01-29', 'partial', 2), // not a delay day
        day('2026-01-30', 'full', 10),
        day('2026-02-02', 'full', 10, true), // worked: not a delay day, leaves the allowance
        day('2026-02-03', 'partial', 6),
        day('2026-02-04', 'full', 10),
      ],
    });
    expect(ledger.days.map((d) => [d.date, d.delayDay, d.beyondAllowance])).toEqual([
      ['2026-01-28', true, false],
      ['2026-01-29', false, false],
      ['2026-01-30', true, true],
      ['2026-02-02', false, false],
      ['2026-02-03', true, false],
      ['2026-02-04', true, true],
    ]);
    expect(ledger.months.map((m) => m.beyondAllowance)).toEqual([1, 1]);
  });

  it('lists every month of the range, empty ones included, across a year end', () => {
    expect(monthsBetween('2025-11-15', '2026-02-01')).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
    const ledger = computeLedger({
      from: '2025-12-01',
      to: '2026-01-31',
      anticipated: allowance(2),
      workingHours: HOURS,
      days: [],
    });
    expect(ledger.months.map((m) => [m.month, m.delayDays, m.beyondAllowance])).toEqual([
      ['2025-12', 0, 0],
      ['2026-01', 0, 0],
    ]);
  });
});

describe('workingHoursLength', () => {
  it.each([
    [{ start: '07:00', end: '17:00' }, 10],
    [{ start: '06:30', end: '15:00' }, 8.5],
  ])('%p → %p hours', (hours, expected) => expect(workingHoursLength(hours)).toBe(expected));
});

describe('ledgerRange', () => {
  it.each([
    [{}, { from: '2026-02-23', to: '2026-05-23' }],
    [
      { from: '2026-01-01', to: '2026-01-31' },
      { from: '2026-01-01', to: '2026-01-31' },
    ],
    [{ to: '2026-03-31' }, { from: '2026-01-01', to: '2026-03-31' }],
    [
      { from: '2026-01-01', to: '2027-02-04' },
      { from: '2026-01-01', to: '2027-02-04' },
    ], // 400 days
  ])('%p → %p', (query, expected) => expect(ledgerRange(query, '2026-05-23')).toEqual(expected));

  it.each([
    [{ from: '2026-02-30' }],
    [{ to: 'yesterday' }],
    [{ from: '2026-03-02', to: '2026-03-01' }],
    [{ from: '2026-01-01', to: '2027-02-05' }], // 401 days
  ])('%p is a 400', (query) => expect(() => ledgerRange(query, '2026-05-23')).toThrow(ValidationError));
});

describe('ledgerCsv', () => {
  it('has a header and one row per working day, quoting what needs it', () => {
    const days = computeLedger({
      from: '2026-01-01',
      to: '2026-01-31',
      anticipated: null,
      workingHours: HOURS,
      days: [
        {
          ...day('2026-01-05', 'full', 10),
          reasons: ['Rain 0.3 in/h', 'Gusts 40 mph'],
          worked: true,
          note: 'Dried, "worked" anyway',
        },
        day('2026-01-06', 'none', 0),
      ],
    }).days;
    expect(ledgerCsv(days).split('\r\n')).toEqual([
      'date,verdict,hours lost,worked,reasons,note',
      '2026-01-05,full,10,yes,Rain 0.3 in/h; Gusts 40 mph,"Dried, ""worked"" anyway"',
      '2026-01-06,none,0,,,',
      '',
    ]);
  });
});
