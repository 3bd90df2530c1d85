import fc from 'fast-check';
import {
  DEFAULT_NOTICE_TIMES,
  dueNotices,
  localClock,
  minuteOfDay,
  slotStart,
} from '../../../shared/notice-slots';

const WEEKDAYS = [1, 2, 3, 4, 5];
const chicago = { timezone: 'America/Chicago', noticeTimes: DEFAULT_NOTICE_TIMES, workingDays: WEEKDAYS };

describe('when notices are due', () => {
  it.each([
    // [UTC instant, expected work dates] — Chicago is UTC-6 in winter, UTC-5 in summer.
    ['2026-11-24T11:00:00Z', ['2026-11-24']], // Tue 05:00 CST → same-day notice
    ['2026-11-24T11:14:59Z', ['2026-11-24']], // still in the 05:00 slot
    ['2026-11-24T11:15:00Z', []], // next slot
    ['2026-11-25T00:00:00Z', ['2026-11-25']], // Tue 18:00 CST → notice for Wednesday
    ['2026-11-28T00:00:00Z', []], // Fri 18:00 → Saturday is not a working day
    ['2026-11-29T11:00:00Z', []], // Sun 05:00 → Sunday is not a working day
    ['2026-11-30T00:00:00Z', ['2026-11-30']], // Sun 18:00 → Monday is
    ['2026-07-14T10:00:00Z', ['2026-07-14']], // Tue 05:00 CDT (UTC-5)
    ['2026-07-14T11:00:00Z', []], // 06:00 CDT: an hour late in summer
  ])('should find the notices due in the slot of %s', (instant, workDates) => {
    const due = dueNotices(chicago, slotStart(new Date(instant)));
    expect(due.map((d) => d.workDate)).toEqual(workDates);
  });

  it('should read each zone with its own formatter when zones alternate (one formatter kept per zone)', () => {
    const at = new Date('2026-11-24T23:30:00Z');
    for (let round = 0; round < 3; round += 1) {
      expect(localClock(at, 'America/Chicago')).toEqual({
        date: '2026-11-24',
        minuteOfDay: 17 * 60 + 30,
        isoWeekday: 2,
      });
      expect(localClock(at, 'Asia/Kolkata')).toEqual({
        date: '2026-11-25',
        minuteOfDay: 5 * 60,
        isoWeekday: 3,
      });
      expect(localClock(at, 'UTC')).toEqual({ date: '2026-11-24', minuteOfDay: 23 * 60 + 30, isoWeekday: 2 });
    }
  });

  it('should refuse an unknown zone every time it is asked (nothing kept for it)', () => {
    const at = new Date('2026-11-24T23:30:00Z');
    expect(() => localClock(at, 'Mars/Olympus_Mons')).toThrow(RangeError);
    expect(() => localClock(at, 'Mars/Olympus_Mons')).toThrow(RangeError);
  });

  it('should honour daylight saving on the day it starts (2026-03-08 in the US)', () => {
    // 05:00 local on Sunday 8 March is already CDT (UTC-5): 10:00Z.
    const site = { ...chicago, workingDays: [7] };
    expect(dueNotices(site, new Date('2026-03-08T10:00:00Z')).map((d) => d.workDate)).toEqual(['2026-03-08']);
    expect(dueNotices(site, new Date('2026-03-08T11:00:00Z'))).toEqual([]);
  });

  it('should make a notice due exactly once a day, whatever the time and timezone', () => {
    const zones = [
      'America/Chicago',
      'America/New_York',
      'Asia/Kolkata',
      'Asia/Kathmandu',
      'Australia/Adelaide',
      'UTC',
    ];
    fc.assert(
      fc.property(
        fc.constantFrom(...zones),
        fc.integer({ min: 0, max: 95 }).map((q) => q * 15 + (q % 3 === 0 ? 0 : 7)),
        fc.integer({ min: 0, max: 360 }),
        (timezone, minute, dayOffset) => {
          const time = `${String(Math.floor(minute / 60) % 24).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
          const site = {
            timezone,
            noticeTimes: [{ time, forDay: 'same' as const }],
            workingDays: [1, 2, 3, 4, 5, 6, 7],
          };
          // Walk every 15-minute slot of one UTC window of 24 h in a month without DST changes.
          const start = Date.UTC(2026, 0, 1) + dayOffset * 86_400_000;
          if (new Date(start).getUTCMonth() === 2 || new Date(start).getUTCMonth() === 9) return; // DST months
          let hits = 0;
          for (let s = 0; s < 96; s++) hits += dueNotices(site, new Date(start + s * 900_000)).length;
          return hits === 1;
        },
      ),
      { numRuns: 60 },
    );
  });

  it('should read the local clock of a timezone', () => {
    expect(localClock(new Date('2026-11-22T05:30:00Z'), 'America/New_York')).toEqual({
      date: '2026-11-22',
      minuteOfDay: 30,
      isoWeekday: 7,
    });
  });

  it('should refuse a time that is not HH:MM', () => {
    expect(() => minuteOfDay('25:00')).toThrow(RangeError);
    expect(minuteOfDay('18:45')).toBe(1125);
  });
});
