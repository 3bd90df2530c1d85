import { DateHolidaysPresets } from '../../../lambdas/adapters/holidays/date-holidays.presets';
import { DEFAULT_PRESET_HOLIDAYS } from '../../../shared/holidays-default.generated';
import { DEFAULT_HOLIDAY_COUNTRY, defaultHolidayCalendar, nonWorkingDays } from '../../../shared/holidays';
import { holidayCalendarInputSchema } from '../../../shared/holidays-schema';

const presets = new DateHolidaysPresets();

describe('the default holiday calendar an account gets before it sets one', () => {
  const { presetYears } = defaultHolidayCalendar();

  it('should hold exactly the public holidays date-holidays gives for every year it covers', () => {
    for (let y = presetYears.from; y <= presetYears.to; y++) {
      expect(DEFAULT_PRESET_HOLIDAYS.filter((d) => d.date.startsWith(`${y}-`))).toEqual(
        presets.publicHolidays(DEFAULT_HOLIDAY_COUNTRY, null, y),
      );
    }
  });

  it('should still cover three years ahead (else run npm run holidays:defaults)', () => {
    expect(presetYears.to).toBeGreaterThanOrEqual(new Date().getUTCFullYear() + 3);
  });

  it('should make Thanksgiving 2026 a day nobody works, but not the day after (an observance)', () => {
    const days = nonWorkingDays(null);
    expect(days.get('2026-11-26')).toBe('Thanksgiving Day');
    expect(days.has('2026-11-27')).toBe(false);
  });
});

describe('non-working days of a jobsite', () => {
  it("should add the account's and the jobsite's own dates, the contractor's name winning", () => {
    const days = nonWorkingDays(
      {
        presetDates: [{ date: '2026-12-25', name: 'Christmas Day' }],
        extraDates: [{ date: '2026-12-24', name: 'Company Christmas Eve' }],
      },
      { nonWorkingDates: [{ date: '2026-12-25', name: 'Shutdown week' }] },
    );
    expect([...days]).toEqual([
      ['2026-12-25', 'Shutdown week'],
      ['2026-12-24', 'Company Christmas Eve'],
    ]);
  });
});

describe('the calendar body', () => {
  it('should accept a lower-case country and no region', () => {
    expect(holidayCalendarInputSchema.parse({ country: 'us' })).toEqual({
      country: 'US',
      region: null,
      extraDates: [],
    });
  });

  it('should refuse a date listed twice, naming the second', () => {
    const res = holidayCalendarInputSchema.safeParse({
      country: 'US',
      extraDates: [
        { date: '2026-12-24', name: 'Eve' },
        { date: '2026-12-24', name: 'Again' },
      ],
    });
    expect(res.success).toBe(false);
    expect(res.error!.issues[0]!.path).toEqual(['extraDates', 1, 'date']);
  });

  it('should know Ontario as a region of Canada and not of the United States', () => {
    expect(presets.hasRegion('CA', 'ON')).toBe(true);
    expect(presets.hasRegion('US', 'ON')).toBe(false);
    expect(presets.hasCountry('XX')).toBe(false);
  });
});
