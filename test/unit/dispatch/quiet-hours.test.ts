import {
  isUrgentJudgement,
  quietDecision,
  quietHoursSchema,
  quietRelease,
  type QuietHours,
} from '../../../shared/quiet-hours';
import type { DayJudgement } from '../../../shared/weather/engine';
import type { Rule } from '../../../shared/weather/rule';

const NIGHT: QuietHours = { enabled: true, start: '20:00', end: '06:00' };
const LUNCH: QuietHours = { enabled: true, start: '12:00', end: '13:30' };
const CHICAGO = 'America/Chicago';

const GUSTS: Rule = { id: 'gusts', metric: 'wind_gusts', op: '>=', threshold: 48.28 };
const LIGHTNING: Rule = { id: 'lightning', metric: 'weather_code', op: '>=', threshold: 95, holdHours: 1 };

function day(ruleIds: string[], verdict: DayJudgement['verdict'] = 'full'): DayJudgement {
  return {
    date: '2026-12-03',
    verdict,
    hoursLost: verdict === 'none' ? 0 : 10,
    workingHours: 10,
    rules: ruleIds.map((id) => ({ id, kind: 'delay' as const, hours: ['07:00'], peak: 1, reason: id })),
  };
}

describe('quiet hours: when a held message is released', () => {
  it.each([
    // [case, quiet hours, instant, zone, expected release (UTC) or null]
    [
      'inside a midnight-spanning window, before midnight',
      NIGHT,
      '2026-12-03T03:00:00Z',
      CHICAGO,
      '2026-12-03T12:00:00.000Z',
    ],
    [
      'inside a midnight-spanning window, after midnight',
      NIGHT,
      '2026-12-03T09:10:00Z',
      CHICAGO,
      '2026-12-03T12:00:00.000Z',
    ],
    ['at the window start exactly', NIGHT, '2026-12-03T02:00:00Z', CHICAGO, '2026-12-03T12:00:00.000Z'],
    ['at the window end exactly (already open)', NIGHT, '2026-12-03T12:00:00Z', CHICAGO, null],
    ['outside the window in the evening', NIGHT, '2026-12-03T01:45:00Z', CHICAGO, null],
    ['inside a same-day window', LUNCH, '2026-12-03T18:20:00Z', CHICAGO, '2026-12-03T19:30:00.000Z'],
    ['when quiet hours are off', { ...NIGHT, enabled: false }, '2026-12-03T03:00:00Z', CHICAGO, null],
    // 2026-03-08: Chicago springs forward at 02:00 CST → 03:00 CDT; 06:00 CDT is 11:00Z, not 12:00Z.
    [
      'on the night clocks spring forward',
      NIGHT,
      '2026-03-08T04:00:00Z',
      CHICAGO,
      '2026-03-08T11:00:00.000Z',
    ],
    // 2026-11-01: Chicago falls back at 02:00 CDT → 01:00 CST; 06:00 CST is 12:00Z.
    ['on the night clocks fall back', NIGHT, '2026-11-01T03:00:00Z', CHICAGO, '2026-11-01T12:00:00.000Z'],
    // A window ending inside the skipped hour opens at the first slot after it: 03:00 CDT.
    [
      'when the end falls in the skipped hour',
      { enabled: true, start: '20:00', end: '02:30' },
      '2026-03-08T04:00:00Z',
      CHICAGO,
      '2026-03-08T08:00:00.000Z',
    ],
    [
      'in the jobsite zone, not UTC',
      NIGHT,
      '2026-12-03T10:00:00Z',
      'Australia/Sydney',
      '2026-12-03T19:00:00.000Z',
    ],
  ])('should release %s', (_case, quiet, at, zone, expected) => {
    const release = quietRelease(quiet, new Date(at), zone);
    expect(release?.toISOString() ?? null).toBe(expected);
  });
});

describe('quiet hours: urgent or held', () => {
  const rules = [GUSTS, LIGHTNING];
  it.each([
    ['a gust delay', ['gusts'], 'full', false],
    ['a lightning delay', ['lightning'], 'full', true],
    ['a delay driven by gusts and lightning', ['gusts', 'lightning'], 'partial', true],
    ['an official severe warning', ['official-warning-1'], 'full', true],
    ['an all-clear', [], 'none', false],
  ] as const)('should judge %s urgent: %s', (_case, ids, verdict, urgent) => {
    expect(isUrgentJudgement(day([...ids], verdict), rules)).toBe(urgent);
  });

  // 21:00 in Chicago (CST), inside the night's quiet hours.
  const decideAtNinePm = (ruleIds: string[]) =>
    quietDecision(NIGHT, { judgement: day(ruleIds), rules }, new Date('2026-12-03T03:00:00Z'), CHICAGO);

  it('should hold a gust notice at 21:00 until 06:00 local', () => {
    const decision = decideAtNinePm(['gusts']);
    expect(decision).toEqual({
      send: false,
      releaseAt: new Date('2026-12-03T12:00:00Z'),
      releaseLocal: '06:00',
    });
  });

  it('should send a lightning notice at 21:00 at once', () => {
    const decision = decideAtNinePm(['lightning']);
    expect(decision).toEqual({ send: true });
  });
});

describe('quiet hours: the settings schema', () => {
  it.each([
    [{ enabled: true, start: '20:00', end: '06:00' }, null],
    [{ enabled: false, start: '20:00', end: '20:00' }, null],
    [{ enabled: true, start: '20:10', end: '06:00' }, 'start'],
    [{ enabled: true, start: '20:00', end: '24:00' }, 'end'],
    [{ enabled: true, start: '20:00', end: '20:00' }, 'end'],
  ])('should validate %j with the error on %s', (input, field) => {
    const parsed = quietHoursSchema.safeParse(input);
    expect(parsed.success ? null : parsed.error.issues[0]!.path[0]).toBe(field);
  });
});
