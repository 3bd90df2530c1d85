import type { Jobsite } from '../../shared/records';

/**
 * A stored jobsite for unit and web tests: a Chicago weekday site, 07:00–17:00, no rules, no
 * recipients. A test names only the fields its behaviour depends on.
 */
export function jobsiteRecord(overrides: Partial<Jobsite> & { id: string; name: string }): Jobsite {
  return {
    address: null,
    latitude: 0,
    longitude: 0,
    timezone: 'America/Chicago',
    clientId: null,
    workingDays: [1, 2, 3, 4, 5],
    workingHours: { start: '07:00', end: '17:00' },
    startDate: null,
    endDate: null,
    active: true,
    noticeTimes: [],
    rules: [],
    recipients: { workerIds: [], crewIds: [], notifyClient: false },
    scenario: null,
    createdAt: '',
    updatedAt: '',
    ...overrides,
  };
}
