import {
  ATTACHMENT_LIMIT_BYTES,
  deliveryFor,
  isoWeekKey,
  lastWholePeriod,
  owesPeriod,
  reportScheduleInputSchema,
  scheduleZone,
} from '../../../shared/report-schedules';

describe('lastWholePeriod', () => {
  it.each([
    [
      'the previous calendar month across a year end',
      ['monthly', '2027-01-01T12:00:00Z', 'UTC'],
      { key: '2026-12', from: '2026-12-01', to: '2026-12-31', label: 'December 2026' },
    ],
    [
      'February with its leap day',
      ['monthly', '2028-03-15T00:00:00Z', 'UTC'],
      { from: '2028-02-01', to: '2028-02-29' },
    ],
    // Friday 27 November 2026: the last whole week is Monday 16 to Sunday 22 November, week 47.
    [
      'the previous ISO week, Monday to Sunday, and say so',
      ['weekly', '2026-11-27T10:00:00Z', 'America/Chicago'],
      {
        key: '2026-W47',
        from: '2026-11-16',
        to: '2026-11-22',
        label: 'Week 47 of 2026 (Mon 16 Nov 2026 – Sun 22 Nov 2026)',
      },
    ],
    // Monday 28 December 2026 – Sunday 3 January 2027 is week 53 of 2026; 2027's first week starts on the 4th.
    [
      'a week spanning a year end named by the year of its Thursday',
      ['weekly', '2027-01-05T12:00:00Z', 'UTC'],
      { key: '2026-W53', from: '2026-12-28', to: '2027-01-03' },
    ],
  ] as const)('should give %s', (_name, [cadence, at, zone], expected) => {
    expect(lastWholePeriod(cadence, new Date(at), zone)).toMatchObject(expected);
  });

  it.each([
    // 05:30 UTC on 1 December is still 30 November in Los Angeles (and already 1 December in Auckland).
    [
      'monthly',
      '2026-12-01T05:30:00Z',
      { 'America/Los_Angeles': '2026-10', 'Pacific/Auckland': '2026-11', UTC: '2026-11' },
    ],
    // 03:00 UTC on Monday 30 November is still Sunday 29 November in New York: a new week only in Berlin.
    ['weekly', '2026-11-30T03:00:00Z', { 'America/New_York': '2026-W47', 'Europe/Berlin': '2026-W48' }],
  ] as const)('should read the %s period in the schedule’s zone at %s, not UTC', (cadence, at, keys) => {
    for (const [zone, key] of Object.entries(keys))
      expect(lastWholePeriod(cadence, new Date(at), zone).key).toBe(key);
  });

  it('should name ISO weeks as ISO 8601 does at year ends', () => {
    expect(isoWeekKey('2027-01-04')).toBe('2027-W01');
    // 1 January 2021 (a Friday) belongs to 2020's week 53.
    expect(isoWeekKey('2021-01-01')).toBe('2020-W53');
    // 31 December 2024 (a Tuesday) belongs to 2025's week 1.
    expect(isoWeekKey('2024-12-31')).toBe('2025-W01');
  });
});

describe('owesPeriod', () => {
  const november = lastWholePeriod('monthly', new Date('2026-12-02T00:00:00Z'), 'UTC');
  it('should owe a period that was open when the schedule was made', () => {
    expect(owesPeriod({ createdAt: '2026-11-20T09:00:00Z', timezone: 'UTC' }, november)).toBe(true);
    expect(owesPeriod({ createdAt: '2026-11-30T23:00:00Z', timezone: 'UTC' }, november)).toBe(true);
  });
  it('should not owe a period that had ended before the schedule existed', () => {
    expect(owesPeriod({ createdAt: '2026-12-01T08:00:00Z', timezone: 'UTC' }, november)).toBe(false);
  });
  it('should judge the creation day in the schedule’s zone', () => {
    // 1 December 02:00 UTC is still 30 November in Denver: November was open.
    expect(owesPeriod({ createdAt: '2026-12-01T02:00:00Z', timezone: 'America/Denver' }, november)).toBe(
      true,
    );
  });
});

describe('deliveryFor', () => {
  it('should attach up to 7 MB and link above', () => {
    expect(ATTACHMENT_LIMIT_BYTES).toBe(7 * 1024 * 1024);
    expect(deliveryFor(1)).toBe('attached');
    expect(deliveryFor(ATTACHMENT_LIMIT_BYTES)).toBe('attached');
    expect(deliveryFor(ATTACHMENT_LIMIT_BYTES + 1)).toBe('linked');
  });
});

describe('scheduleZone', () => {
  it('should take the zone most jobsites are in, UTC with none', () => {
    expect(scheduleZone(['America/Denver', 'America/Chicago', 'America/Chicago'])).toBe('America/Chicago');
    expect(scheduleZone(['America/Denver', 'America/Chicago'])).toBe('America/Chicago');
    expect(scheduleZone([])).toBe('UTC');
  });
});

describe('reportScheduleInputSchema', () => {
  const fieldOf = (body: unknown) => {
    const r = reportScheduleInputSchema.safeParse(body);
    return r.success ? null : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  };
  it('should accept weekly or monthly and lower-case and dedupe the addresses', () => {
    expect(
      reportScheduleInputSchema.parse({ cadence: 'weekly', to: ['Owner@Example.com', ' owner@example.com'] }),
    ).toEqual({ cadence: 'weekly', to: ['owner@example.com'] });
  });
  it('should refuse a bad cadence, naming it', () => {
    expect(fieldOf({ cadence: 'daily', to: ['a@example.com'] })).toEqual([
      'cadence: Cadence must be weekly or monthly',
    ]);
  });
  it('should refuse an empty list, an invalid address and too many, naming the field', () => {
    expect(fieldOf({ cadence: 'monthly', to: [] })).toEqual(['to: Add at least one address']);
    expect(fieldOf({ cadence: 'monthly', to: ['a@example.com', 'not-an-address'] })).toEqual([
      'to.1: Enter a valid email address',
    ]);
    const many = Array.from({ length: 21 }, (_, i) => `p${i}@example.com`);
    expect(fieldOf({ cadence: 'monthly', to: many })).toEqual(['to: At most 20 addresses']);
  });
  it('should refuse fields it does not know', () => {
    expect(fieldOf({ cadence: 'monthly', to: ['a@example.com'], tenantId: 'x' })?.[0]).toContain('tenantId');
  });
});
