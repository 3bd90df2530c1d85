import { jobsiteOutlooks } from '../../../lambdas/core/weather/jobsite-outlook';
import { SimulatedWeatherProvider } from '../../../lambdas/adapters/weather/simulated.provider';
import type { RecordsStore } from '../../../lambdas/core/records/records.ports';
import type { TenantId } from '../../../lambdas/core/caller';
import { jobsiteRecord } from '../../support/jobsite-record';

/**
 * The outlook (`/weather`, the map, the dashboard) starts at each jobsite's own today: west of UTC
 * after 00:00 UTC that day began yesterday in UTC; east of UTC it may already be tomorrow in UTC.
 */
const everyDay = [1, 2, 3, 4, 5, 6, 7]; // ISO weekdays: Sunday is 7
const sites = [
  jobsiteRecord({
    id: 'chi',
    name: 'Chicago',
    timezone: 'America/Chicago',
    latitude: 41.9,
    longitude: -87.6,
  }),
  jobsiteRecord({
    id: 'syd',
    name: 'Sydney',
    timezone: 'Australia/Sydney',
    latitude: -33.9,
    longitude: 151.2,
  }),
  jobsiteRecord({ id: 'lon', name: 'London', timezone: 'Europe/London', latitude: 51.5, longitude: -0.1 }),
].map((j) => ({ ...j, workingDays: everyDay }));

async function firstDays(at: string) {
  const outlook = await jobsiteOutlooks(
    'tenant-1' as TenantId,
    {
      records: { jobsites: { list: async () => sites } } as unknown as RecordsStore,
      weather: new SimulatedWeatherProvider(),
      accounts: { getProfile: async () => null },
      clock: { now: () => new Date(at) },
      holidays: { get: async () => null, put: async () => undefined },
    },
    { days: 3, limit: 50 },
  );
  return Object.fromEntries(outlook.items.map((i) => [i.jobsite.id, i.days[0]?.date]));
}

describe("the outlook's first day", () => {
  it.each([
    // 19:30 on the 27th in Chicago, 12:30 on the 28th in Sydney, 01:30 on the 28th in London
    ['2026-11-28T01:30:00Z', { chi: '2026-11-27', syd: '2026-11-28', lon: '2026-11-28' }],
    // 14:00 on the 28th in Chicago, 07:00 on the 29th in Sydney, 20:00 on the 28th in London
    ['2026-11-28T20:00:00Z', { chi: '2026-11-28', syd: '2026-11-29', lon: '2026-11-28' }],
  ])("should be each jobsite's local today at %s", async (at, expected) => {
    expect(await firstDays(at)).toEqual(expected);
  });
});
