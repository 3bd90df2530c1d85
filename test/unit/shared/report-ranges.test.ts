import { reportInputSchema, resolveRange } from '../../../shared/reports';

describe('relative report ranges', () => {
  const NY = { timezone: 'America/New_York' };
  const HONOLULU = { timezone: 'Pacific/Honolulu' };
  const AUCKLAND = { timezone: 'Pacific/Auckland' };

  it('should read last month as the whole previous calendar month, across a year end', () => {
    expect(resolveRange({ relative: 'last-month' }, new Date('2027-01-10T12:00:00Z'), NY)).toEqual({
      from: '2026-12-01',
      to: '2026-12-31',
    });
  });

  it('should end last month on the 28th or 29th of February', () => {
    expect(resolveRange({ relative: 'last-month' }, new Date('2026-03-15T12:00:00Z'), NY)).toEqual({
      from: '2026-02-01',
      to: '2026-02-28',
    });
    expect(resolveRange({ relative: 'last-month' }, new Date('2028-03-15T12:00:00Z'), NY)).toEqual({
      from: '2028-02-01',
      to: '2028-02-29',
    });
  });

  it('should read the month in each jobsite’s own zone at a month end', () => {
    // 1 April 2026, 05:00 UTC: already April in New York and Auckland, still 31 March in Honolulu.
    const now = new Date('2026-04-01T05:00:00Z');
    expect(resolveRange({ relative: 'month-to-date' }, now, NY)).toEqual({
      from: '2026-04-01',
      to: '2026-04-01',
    });
    expect(resolveRange({ relative: 'month-to-date' }, now, HONOLULU)).toEqual({
      from: '2026-03-01',
      to: '2026-03-31',
    });
    expect(resolveRange({ relative: 'last-month' }, now, HONOLULU)).toEqual({
      from: '2026-02-01',
      to: '2026-02-28',
    });
    expect(resolveRange({ relative: 'last-month' }, now, AUCKLAND)).toEqual({
      from: '2026-03-01',
      to: '2026-03-31',
    });
  });

  it('should run contract to date from the contract start, at most 400 days', () => {
    const now = new Date('2026-11-27T12:00:00Z');
    expect(resolveRange({ relative: 'contract-to-date' }, now, { ...NY, startDate: '2026-06-15' })).toEqual({
      from: '2026-06-15',
      to: '2026-11-27',
    });
    expect(resolveRange({ relative: 'contract-to-date' }, now, { ...NY, startDate: '2020-01-01' })).toEqual({
      from: '2025-10-24',
      to: '2026-11-27',
    });
    expect(
      resolveRange({ relative: 'contract-to-date' }, now, { ...NY, createdAt: '2026-11-02T03:00:00Z' }),
    ).toEqual({ from: '2026-11-01', to: '2026-11-27' });
  });

  it('should keep a fixed range as written', () => {
    expect(resolveRange({ from: '2026-01-31', to: '2026-03-01' }, new Date(), NY)).toEqual({
      from: '2026-01-31',
      to: '2026-03-01',
    });
  });

  it('should refuse a range ending before it starts, naming the field', () => {
    const parsed = reportInputSchema.safeParse({
      title: 'X',
      jobsites: 'all',
      range: { from: '2026-03-02', to: '2026-03-01' },
      sections: ['ledger'],
    });
    expect(parsed.success).toBe(false);
  });
});
