import { pastDaysFor, checkForecastOptions } from '../../../lambdas/core/weather/forecast-input';

/** West of UTC a day is still running after 00:00 UTC: its hours began yesterday in UTC. */
describe("the forecast's hours from yesterday", () => {
  const at = new Date('2026-11-28T01:30:00Z'); // 19:30 on the 27th in Chicago, 17:30 in Seattle

  it.each([
    [['2026-11-28'], 0],
    [['2026-11-29', '2026-11-28'], 0],
    [['2026-11-28', '2026-11-27'], 1],
    [[], 0],
  ])('should want yesterday for local dates %j: %d', (dates, expected) => {
    expect(pastDaysFor(dates, at)).toBe(expected);
  });

  it('should refuse anything but 0 or 1 days back', () => {
    expect(() => checkForecastOptions({ days: 3, now: at, pastDays: 2 })).toThrow('pastDays must be 0 or 1');
    expect(() => checkForecastOptions({ days: 3, now: at, pastDays: 1 })).not.toThrow();
  });
});
