import { workingHoursLength } from '../../../lambdas/core/ledger/ledger';
import { workingHoursSchema } from '../../../shared/records';
import { judgeForecast } from '../../../shared/weather/engine';
import { withOfficialWarnings } from '../../../shared/weather/official-warnings';
import { forecast, gustRule, setAt, site } from './helpers';

/** Every hour meets the rule: each working hour is reported, so `rules[0].hours` lists the window. */
const everyHour = [gustRule({ threshold: -1 })];

describe('night shifts: a working window that crosses midnight', () => {
  it('should give a 22:00–06:00 shift eight hours, all on the day the shift starts', () => {
    // Prepare: UTC, Monday 2026-06-01 to Wednesday; the crew works Monday and Tuesday nights.
    const f = forecast('2026-06-01T00:00:00Z', 72);
    const s = site(everyHour, { workingDays: [1, 2], workingHours: { start: '22:00', end: '06:00' } });

    // Act
    const days = judgeForecast(f, s);

    // Assert: Monday's shift runs into Tuesday morning, Tuesday's into Wednesday morning.
    expect(days.map((d) => [d.date, d.workingHours, d.rules[0]!.hours])).toEqual([
      ['2026-06-01', 8, ['22:00', '23:00', '00:00', '01:00', '02:00', '03:00', '04:00', '05:00']],
      ['2026-06-02', 8, ['22:00', '23:00', '00:00', '01:00', '02:00', '03:00', '04:00', '05:00']],
    ]);
  });

  it("should count Friday night's hours after midnight to Friday even when Saturday is a day off", () => {
    // Prepare: gusts only at 02:00 Saturday 2026-06-06 (UTC); the crew works Friday night only.
    const f = forecast('2026-06-05T00:00:00Z', 48);
    setAt(f, 'wind_gusts', 80, '2026-06-06T02:00:00Z');
    const s = site([gustRule()], { workingDays: [5], workingHours: { start: '22:00', end: '06:00' } });

    // Act
    const days = judgeForecast(f, s);

    // Assert
    expect(days).toHaveLength(1);
    expect(days[0]).toMatchObject({ date: '2026-06-05', hoursLost: 1, verdict: 'partial' });
    expect(days[0]!.rules[0]!.hours).toEqual(['02:00']);
  });

  it('should not judge a night whose morning hours lie past the end of the forecast', () => {
    // Prepare: the forecast stops at 03:00 on Tuesday, three hours short of Monday night's end.
    const f = forecast('2026-06-01T00:00:00Z', 27);
    const s = site(everyHour, { workingDays: [1], workingHours: { start: '22:00', end: '06:00' } });

    // Act + Assert
    expect(judgeForecast(f, s)).toEqual([]);
  });

  it('should accept 24:00 as the end of a shift that runs to midnight', () => {
    // Prepare
    const f = forecast('2026-06-01T00:00:00Z', 48);
    const s = site(everyHour, { workingDays: [1], workingHours: { start: '18:00', end: '24:00' } });

    // Act
    const [monday] = judgeForecast(f, s);

    // Assert
    expect(monday!.workingHours).toBe(6);
    expect(monday!.rules[0]!.hours.at(-1)).toBe('23:00');
  });

  it.each([
    // America/New_York springs forward at 02:00 on Sunday 2026-03-08: the clock skips 02:00–03:00.
    [
      'the spring-forward night',
      '2026-03-07',
      '2026-03-07T12:00:00Z',
      7,
      ['22:00', '23:00', '00:00', '01:00', '03:00', '04:00', '05:00'],
    ],
    // …and falls back at 02:00 on Sunday 2026-11-01: 01:00–02:00 happens twice.
    [
      'the fall-back night',
      '2026-10-31',
      '2026-10-31T12:00:00Z',
      9,
      ['22:00', '23:00', '00:00', '01:00', '01:00', '02:00', '03:00', '04:00', '05:00'],
    ],
  ])('should give %s in New York the hours the clock has', (_name, date, startIso, hours, clock) => {
    // Prepare: a Saturday night shift, 22:00–06:00 local.
    const f = forecast(startIso, 48);
    const s = site(everyHour, {
      timezone: 'America/New_York',
      workingDays: [6],
      workingHours: { start: '22:00', end: '06:00' },
    });

    // Act
    const days = judgeForecast(f, s);

    // Assert
    expect(days).toHaveLength(1);
    expect(days[0]).toMatchObject({ date, workingHours: hours, hoursLost: hours, verdict: 'full' });
    expect(days[0]!.rules[0]!.hours).toEqual(clock);
  });

  it('should count an official warning after midnight against the night shift it falls in', () => {
    // Prepare: a calm Monday night in UTC; a Severe warning from 01:00 to 03:00 on Tuesday.
    const f = forecast('2026-06-01T00:00:00Z', 48);
    const s = site([gustRule()], { workingDays: [1], workingHours: { start: '22:00', end: '06:00' } });
    const [monday] = judgeForecast(f, s);
    const warning = {
      id: 'w1',
      event: 'High Wind Warning',
      severity: 'Severe' as const,
      onset: '2026-06-02T01:00:00Z',
      ends: '2026-06-02T03:00:00Z',
    };

    // Act
    const warned = withOfficialWarnings(monday!, [warning], s);

    // Assert
    expect(warned.hoursLost).toBe(2);
    expect(warned.rules[0]!.hours).toEqual(['01:00', '02:00']);
  });

  it('should let the ledger count a night shift as eight hours, not a negative day', () => {
    expect(workingHoursLength({ start: '22:00', end: '06:00' })).toBe(8);
    expect(workingHoursLength({ start: '18:00', end: '24:00' })).toBe(6);
    expect(workingHoursLength({ start: '07:00', end: '17:00' })).toBe(10);
  });

  it.each([
    [{ start: '22:00', end: '06:00' }, true],
    [{ start: '18:00', end: '24:00' }, true],
    [{ start: '07:00', end: '07:00' }, false],
    [{ start: '24:00', end: '06:00' }, false],
  ])('should accept or refuse the working hours %j (%s)', (hours, ok) => {
    expect(workingHoursSchema.safeParse(hours).success).toBe(ok);
  });
});
