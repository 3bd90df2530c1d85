import type { Jobsite } from '../../../../shared/records/jobsite';
import type { JobsiteOutlook, OutlookResponse } from '../../../../shared/weather/outlook';
import { jobsitePins, todayAtJobsites } from '../../../../web/src/app/routes/app/jobsite-pins';

// Wednesday 25 November 2026, 20:00 UTC: noon in Seattle.
const NOW = Date.parse('2026-11-25T20:00:00Z');

const site = (id: string, over: Partial<Jobsite> = {}): Jobsite =>
  ({
    id,
    name: `Site ${id}`,
    latitude: 47.6,
    longitude: -122.3,
    timezone: 'America/Los_Angeles',
    workingDays: [1, 2, 3, 4, 5],
    active: true,
    ...over,
  }) as Jobsite;

const outlookOf = (s: Jobsite, days: JobsiteOutlook['days'], error: string | null = null): JobsiteOutlook =>
  ({
    jobsite: s,
    rules: [],
    source: 'simulated',
    error,
    days,
    hourly: { time: [], values: {} },
  }) as JobsiteOutlook;

const day = (date: string, verdict: 'none' | 'partial' | 'full', hoursLost = 0) => ({
  date,
  verdict,
  hoursLost,
  workingHours: 8,
  rules: [],
});

describe("today's verdict at each jobsite (the map's pin colours and the list's Today column)", () => {
  it('should give each working jobsite the verdict of its own local today', () => {
    const a = site('a');
    const b = site('b');
    const outlook: OutlookResponse = {
      units: 'us',
      items: [outlookOf(a, [day('2026-11-25', 'full', 8)]), outlookOf(b, [day('2026-11-25', 'partial', 3)])],
      nextCursor: null,
    };
    const today = todayAtJobsites([a, b], outlook, NOW);
    expect(today.get('a')).toEqual({ status: 'full', label: 'Today: Full-day delay' });
    expect(today.get('b')).toEqual({ status: 'partial', label: 'Today: Partial delay · 3 h' });
  });

  it('should say a paused site, a day off and a missing forecast plainly instead of looking workable', () => {
    const paused = site('p', { active: false });
    const weekend = site('w', { workingDays: [1, 2] });
    const broken = site('x');
    const outlook: OutlookResponse = {
      units: 'us',
      items: [outlookOf(weekend, []), outlookOf(broken, [], 'Forecast unavailable')],
      nextCursor: null,
    };
    const today = todayAtJobsites([paused, weekend, broken, site('new')], outlook, NOW);
    expect(today.get('p')).toEqual({ status: 'off', label: 'Paused: not checked' });
    expect(today.get('w')).toEqual({ status: 'off', label: 'Today: not a working day' });
    expect(today.get('x')).toEqual({ status: 'unknown', label: 'Today: no forecast available' });
    expect(today.get('new')).toEqual({ status: 'unknown', label: 'Today: no forecast available' });
  });

  it('should make a pin per jobsite that links to its page', () => {
    const a = site('a b');
    const pins = jobsitePins([a], new Map([['a b', { status: 'none', label: 'Today: Workable' }]]));
    expect(pins).toEqual([
      {
        id: 'a b',
        name: 'Site a b',
        latitude: 47.6,
        longitude: -122.3,
        status: 'none',
        statusLabel: 'Today: Workable',
        href: '/jobsites/a%20b',
      },
    ]);
  });
});
