import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseNwsAlerts } from '../../../lambdas/adapters/weather/nws.alerts';
import type { DayJudgement } from '../../../shared/weather/engine';
import { isTriggeringWarning, withOfficialWarnings } from '../../../shared/weather/official-warnings';

const fixture = (name: string) =>
  parseNwsAlerts(JSON.parse(readFileSync(join(__dirname, '../../fixtures/weather', name), 'utf8')));

const clearDay = (date: string): DayJudgement => ({
  date,
  verdict: 'none',
  hoursLost: 0,
  workingHours: 10,
  rules: [],
});

/** The part of a jobsite the warnings read: its zone, working days and hours (07:00–17:00 unless given). */
const siteIn = (timezone: string, workingDays: number[], start = '07:00', end = '17:00') => ({
  timezone,
  workingDays,
  workingHours: { start, end },
});

describe('official warnings as a trigger', () => {
  it.each([
    ['Severe Thunderstorm Warning', 'Severe', true],
    ['Tornado Warning', 'Extreme', true],
    ['High Wind Warning', 'Severe', true],
    ['Flood Watch', 'Severe', false],
    ['Wind Advisory', 'Moderate', false],
    ['Winter Storm Warning', 'Moderate', false],
    ['Special Marine Warning', 'Unknown', false],
  ] as const)('should treat a %s (%s) as a trigger: %s', (event, severity, expected) => {
    expect(isTriggeringWarning({ event, severity })).toBe(expected);
  });

  it('should make a Phoenix working day a full delay with the excessive heat warning as the reason', () => {
    // Recorded NWS answer: Excessive Heat Warning 10 AM Fri 19 Jul to 8 PM Sat 20 Jul 2024 (MST).
    const alerts = fixture('nws_alerts_active_point_33.25_-112.30_2024-07-18_excessive_heat.json');
    const site = siteIn('America/Phoenix', [1, 2, 3, 4, 5, 6], '06:00', '16:00');
    const saturday = withOfficialWarnings(clearDay('2024-07-20'), alerts, site);
    expect(saturday).toMatchObject({ verdict: 'full', hoursLost: 10 });
    expect(saturday.rules[0]!.reason).toBe('Official warning: Excessive Heat Warning (NWS)');
    // Friday it starts at 10:00: six of ten hours lost leaves four workable, a partial delay.
    const friday = withOfficialWarnings(clearDay('2024-07-19'), alerts, site);
    expect(friday).toMatchObject({ verdict: 'partial', hoursLost: 6 });
    expect(friday.rules[0]!.hours[0]).toBe('10:00');
    // The air quality alert alongside it is not a warning and adds nothing.
    expect(friday.rules).toHaveLength(1);
  });

  it('should leave a day the warning does not overlap as it was', () => {
    const alerts = fixture('nws_alerts_active_area_CO_2020-01-07_high_wind_warning.json');
    const site = siteIn('America/Denver', [1, 2, 3, 4, 5]);
    expect(withOfficialWarnings(clearDay('2020-01-08'), alerts, site)).toEqual(clearDay('2020-01-08'));
    // The same warning (until 12:00 MST on the 7th) takes the morning of the 7th.
    expect(withOfficialWarnings(clearDay('2020-01-07'), alerts, site)).toMatchObject({
      verdict: 'partial',
      hoursLost: 5,
    });
  });

  it('should ignore a Severe flood watch', () => {
    const alerts = fixture('nws_alerts_active_zone_ORZ004_2019-12-20_flood_watch.json');
    const site = siteIn('America/Los_Angeles', [1, 2, 3, 4, 5, 6]);
    expect(withOfficialWarnings(clearDay('2019-12-21'), alerts, site).verdict).toBe('none');
  });
});
