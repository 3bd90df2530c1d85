import { judgeForecast } from '../../../shared/weather/engine';
import { buildLocalTimeline, localTimeline } from '../../../shared/weather/local-time';
import { forecast, gustRule, HOUR, setAt, site } from './helpers';

describe('judgeForecast across daylight-saving changes', () => {
  // America/Toronto: EST (UTC−5) until Sunday 2026-03-08 02:00, then EDT (UTC−4).
  const toronto = site([gustRule()], { timezone: 'America/Toronto', workingDays: [1, 2, 3, 4, 5, 6, 7] });

  it('should map each UTC hour to the right local hour before and after the switch in Toronto', () => {
    // Prepare: from Saturday 7 March 00:00 UTC, 3 days; gusts at 15:00 UTC on Saturday, Sunday and Monday.
    const f = forecast('2026-03-07T00:00:00Z', 72 + 24);
    setAt(f, 'wind_gusts', 60, '2026-03-07T15:00:00Z', '2026-03-08T15:00:00Z', '2026-03-09T15:00:00Z');

    // Act
    const days = judgeForecast(f, toronto, { from: '2026-03-07', days: 3 });

    // Assert: 15:00 UTC is 10 AM EST on Saturday, 11 AM EDT from Sunday on.
    expect(days.map((d) => [d.date, d.rules[0]!.hours])).toEqual([
      ['2026-03-07', ['10:00']],
      ['2026-03-08', ['11:00']],
      ['2026-03-09', ['11:00']],
    ]);
    expect(days[1]!.rules[0]!.reason).toBe(
      'Gusts 37 mph from 11 AM to 12 PM exceed the crane limit of 31 mph',
    );
  });

  it('should start the working day at 07:00 local on both sides of the switch in Toronto', () => {
    // Prepare: gusts every hour; look at which UTC hours become working hours.
    const f = forecast('2026-03-07T00:00:00Z', 96);
    const days = judgeForecast(f, { ...toronto, rules: [gustRule({ threshold: -1 })] });

    // Assert: ten working hours each day, 07:00 to 16:00 local.
    for (const d of days) {
      expect(d.workingHours).toBe(10);
      expect(d.rules[0]!.hours[0]).toBe('07:00');
      expect(d.rules[0]!.hours.at(-1)).toBe('16:00');
    }
    const tl = localTimeline(f.time, 'America/Toronto');
    const localStartOf = (iso: string) => {
      const i = (Date.parse(iso) - f.time[0]!) / HOUR;
      return [tl.day[i], tl.minute[i]];
    };
    // 12:00 UTC Saturday = 07:00 EST; 11:00 UTC Sunday = 07:00 EDT.
    expect(localStartOf('2026-03-07T12:00:00Z')[1]).toBe(7 * 60);
    expect(localStartOf('2026-03-08T11:00:00Z')[1]).toBe(7 * 60);
  });

  it('should count 23 local hours on the day of the switch in Toronto', () => {
    // Prepare: a site working around the clock on Sunday.
    const f = forecast('2026-03-08T00:00:00Z', 48);
    const s = site([gustRule()], {
      timezone: 'America/Toronto',
      workingDays: [7],
      workingHours: { start: '00:00', end: '23:59' },
    });

    // Act
    const [sunday] = judgeForecast(f, s);

    // Assert: 02:00 does not exist that day.
    expect(sunday).toMatchObject({ date: '2026-03-08', workingHours: 23 });
  });

  it('should judge a Melbourne working day that spans UTC midnight', () => {
    // Prepare: Melbourne is UTC+11 (AEDT) in November: 07:00–17:00 local = 20:00–06:00 UTC.
    // Gusts at 23:00 UTC Sunday (10 AM Monday local) and 01:00 UTC Monday (12 PM Monday local).
    const f = forecast('2026-11-22T00:00:00Z', 72);
    setAt(f, 'wind_gusts', 60, '2026-11-22T23:00:00Z', '2026-11-23T01:00:00Z');
    const s = site([gustRule()], { timezone: 'Australia/Melbourne' });

    // Act
    const days = judgeForecast(f, s, { from: '2026-11-23', days: 1 });

    // Assert: both hours belong to Monday 23 November local.
    expect(days).toHaveLength(1);
    expect(days[0]).toMatchObject({ date: '2026-11-23', workingHours: 10, hoursLost: 2, verdict: 'partial' });
    expect(days[0]!.rules[0]!.hours).toEqual(['10:00', '12:00']);
    expect(days[0]!.rules[0]!.reason).toBe(
      'Gusts 37 mph from 10 AM to 11 AM and 12 PM to 1 PM exceed the crane limit of 31 mph',
    );
  });

  it('should follow the end of daylight saving in Melbourne (2026-04-05, UTC+11 → UTC+10)', () => {
    // Prepare: gusts at 22:00 UTC on Sunday 5 and Monday 6 April.
    const f = forecast('2026-04-04T00:00:00Z', 96);
    setAt(f, 'wind_gusts', 60, '2026-04-05T22:00:00Z', '2026-04-06T22:00:00Z');
    const s = site([gustRule()], { timezone: 'Australia/Melbourne', workingDays: [1, 2, 3, 4, 5, 6, 7] });

    // Act
    const days = judgeForecast(f, s, { from: '2026-04-06', days: 2 });

    // Assert: 22:00 UTC is 8 AM AEST (UTC+10) on Monday 6 and Tuesday 7 April.
    expect(days.map((d) => [d.date, d.rules[0]?.hours])).toEqual([
      ['2026-04-06', ['08:00']],
      ['2026-04-07', ['08:00']],
    ]);
  });

  it('should give the cached and the uncached timeline the same hours', () => {
    const f = forecast('2026-03-07T00:00:00Z', 24 * 16);
    expect(localTimeline(f.time, 'America/Toronto')).toEqual(buildLocalTimeline(f.time, 'America/Toronto'));
  });
});
