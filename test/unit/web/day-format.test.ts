import { chartMonth, dateRange, longDate, monthLabel, shortDate } from '../../../web/src/lib/day-format';

describe('day-format', () => {
  it('should write a local date as its weekday, month and day when the year is on screen elsewhere', () => {
    expect(shortDate('2026-11-28')).toBe('Sat, Nov 28');
    expect(shortDate('2027-01-01')).toBe('Fri, Jan 1');
  });

  it('should write a local date in full with its year', () => {
    expect(longDate('2026-11-30')).toBe('Mon, Nov 30, 2026');
  });

  it('should keep the calendar day whatever the browser zone, as a local date is not an instant', () => {
    // Midnight UTC is the evening before in the Americas: a zone-bound format would say Fri, Nov 27.
    const original = process.env.TZ;
    process.env.TZ = 'America/Los_Angeles';
    try {
      expect(shortDate('2026-11-28')).toBe('Sat, Nov 28');
    } finally {
      process.env.TZ = original;
    }
  });

  it('should write a month as its short name and year', () => {
    expect(monthLabel('2026-11')).toBe('Nov 2026');
    expect(monthLabel('2027-02')).toBe('Feb 2027');
    expect(chartMonth('2026-03')).toBe('Mar 26');
  });

  it('should write the year of a range once when both ends share it', () => {
    expect(dateRange('2026-11-01', '2026-12-31')).toBe('Nov 1 – Dec 31, 2026');
    expect(dateRange('2025-12-01', '2026-01-31')).toBe('Dec 1, 2025 – Jan 31, 2026');
    expect(dateRange('2026-11-28', '2026-11-28')).toBe('Nov 28, 2026');
  });

  it('should show what it cannot read as it was given, never "Invalid Date"', () => {
    expect(shortDate('2026-02-30')).toBe('2026-02-30');
    expect(longDate('soon')).toBe('soon');
    expect(monthLabel('2026')).toBe('2026');
    expect(dateRange('2026-11-01', '')).toBe('2026-11-01 – ');
  });
});
