import fc from 'fast-check';
import { localClock } from '../../../shared/notice-slots';
import {
  buildLocalTimeline,
  clock12,
  dateOfDay,
  dayOfDate,
  isoWeekdayOfDay,
  utcOffsetMinutes,
} from '../../../shared/weather/local-time';
import { HOUR } from './helpers';

const ZONES = [
  'America/Toronto',
  'America/St_Johns', // −03:30 / −02:30
  'America/Santiago', // DST at local midnight, southern hemisphere
  'Europe/London',
  'Asia/Kolkata', // +05:30, no DST
  'Asia/Kathmandu', // +05:45
  'Australia/Melbourne',
  'Australia/Lord_Howe', // a 30-minute DST shift
  'Pacific/Chatham', // +12:45 / +13:45
  'UTC',
];

describe('local timeline', () => {
  it('should match Intl hour by hour for any zone and any 16-day span', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ZONES),
        fc.integer({ min: Date.UTC(2025, 0, 1) / HOUR, max: Date.UTC(2028, 0, 1) / HOUR }),
        (zone, startHour) => {
          // Prepare
          const time = new Float64Array(24 * 16).map((_, i) => (startHour + i) * HOUR);

          // Act
          const tl = buildLocalTimeline(time, zone);

          // Assert
          for (let i = 0; i < time.length; i++) {
            const expected = localClock(new Date(time[i]!), zone);
            expect([dateOfDay(tl.day[i]!), tl.minute[i], isoWeekdayOfDay(tl.day[i]!)]).toEqual([
              expected.date,
              expected.minuteOfDay,
              expected.isoWeekday,
            ]);
          }
        },
      ),
      { numRuns: 40 },
    );
  });

  it('should read UTC offsets with Intl', () => {
    expect(utcOffsetMinutes(Date.parse('2026-03-08T06:00:00Z'), 'America/Toronto')).toBe(-300);
    expect(utcOffsetMinutes(Date.parse('2026-03-08T08:00:00Z'), 'America/Toronto')).toBe(-240);
    expect(utcOffsetMinutes(Date.parse('2026-11-23T00:00:00Z'), 'Asia/Kathmandu')).toBe(345);
    expect(() => utcOffsetMinutes(0, 'Nowhere/Special')).toThrow(RangeError);
  });

  it('should convert days, weekdays and 12-hour times', () => {
    expect(dateOfDay(dayOfDate('2026-11-23'))).toBe('2026-11-23');
    expect(isoWeekdayOfDay(dayOfDate('2026-11-23'))).toBe(1);
    expect(isoWeekdayOfDay(dayOfDate('2026-11-29'))).toBe(7);
    expect([0, 7 * 60, 12 * 60, 13 * 60 + 30, 24 * 60].map(clock12)).toEqual([
      '12 AM',
      '7 AM',
      '12 PM',
      '1:30 PM',
      '12 AM',
    ]);
    expect(() => dayOfDate('23/11/2026')).toThrow(RangeError);
  });
});
