import type { Decision } from '../../../lambdas/core/dispatch/dispatch.ports';
import { sameDecision } from '../../../lambdas/core/dispatch/same-decision';

/**
 * `sameDecision` answers what comparing both decisions as JSON with sorted keys answered (absent,
 * undefined and null alike; `decidedAt` and `runId` left out), without writing either.
 */

/** The comparison as it was written before: both as canonical JSON. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (v === null || v === undefined) return undefined;
    if (typeof v !== 'object' || Array.isArray(v)) return v;
    return Object.fromEntries(
      Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)),
    );
  });
}
const asJson = (a: Decision, b: Decision) => {
  const { decidedAt: _a, runId: _r, ...x } = a;
  const { decidedAt: _b, runId: _s, ...y } = b;
  return canonical(x) === canonical(y);
};

const stored: Decision = {
  tenantId: 't1',
  jobsiteId: 'j1',
  workDate: '2026-12-02',
  verdict: 'partial',
  hoursLost: 3,
  delayCalled: true,
  judgement: {
    date: '2026-12-02',
    verdict: 'partial',
    hoursLost: 3,
    workingHours: 9,
    rules: [{ id: 'gusts', kind: 'delay', hours: ['10:00', '11:00', '12:00'], peak: 55, reason: 'Gusts' }],
  },
  rules: [{ id: 'gusts', metric: 'wind_gusts', op: '>=', threshold: 48 }],
  forecast: { source: 'open-meteo', hours: [1, 2, null, 4], fetchedAt: '2026-12-01T21:00:00Z' },
  lastKind: 'notice',
  announcement: null,
  decidedAt: '2026-12-01T21:00:00.000Z',
  runId: 'run-1',
  worked: null,
  workedNote: null,
  markedAt: null,
  markedBy: null,
  markedById: null,
} as unknown as Decision;

/** A change to one decision: what it does to a deep copy of the stored one. */
const changes: [string, (d: Record<string, any>) => void][] = [
  ['nothing', () => undefined],
  ['another run and time', (d) => Object.assign(d, { runId: 'run-2', decidedAt: '2026-12-02T00:00:00Z' })],
  ['keys in another order', (d) => (d.judgement = Object.fromEntries(Object.entries(d.judgement).reverse()))],
  ['a null left out', (d) => delete d.worked],
  ['a null as undefined', (d) => (d.announcement = undefined)],
  ['a field set', (d) => (d.worked = true)],
  ['the verdict', (d) => (d.verdict = 'full')],
  ['a number as a string', (d) => (d.hoursLost = '3')],
  ['an hour of a rule', (d) => (d.judgement.rules[0].hours[2] = '13:00')],
  ['an hour dropped', (d) => d.judgement.rules[0].hours.pop()],
  ['a null in a list as undefined', (d) => (d.forecast.hours[2] = undefined)],
  ['a null in a list as a number', (d) => (d.forecast.hours[2] = 0)],
  ['NaN for a null in a list', (d) => (d.forecast.hours[2] = Number.NaN)],
  ['NaN for a number', (d) => (d.hoursLost = Number.NaN)],
  ['a list for a map', (d) => (d.forecast = [])],
  ['an empty map for an absent one', (d) => (d.announcement = {})],
  ['a field added', (d) => (d.extra = 'x')],
  ['a field added as null', (d) => (d.extra = null)],
  ['a map emptied', (d) => (d.forecast = {})],
  ['a rule threshold', (d) => (d.rules[0].threshold = 50)],
];

describe('sameDecision', () => {
  it.each(changes)('should answer as the JSON comparison did for %s', (_what, change) => {
    const next = structuredClone(stored) as unknown as Record<string, any>;
    change(next);
    const made = next as unknown as Decision;
    expect(sameDecision(stored, made)).toBe(asJson(stored, made));
    expect(sameDecision(made, stored)).toBe(asJson(made, stored));
  });

  it('should tell a changed decision from the same one', () => {
    expect(sameDecision(stored, { ...stored, runId: 'other' })).toBe(true);
    expect(sameDecision(stored, { ...stored, hoursLost: 4 })).toBe(false);
  });
});
