import {
  evidenceOf,
  evidenceText,
  exportedDecision,
  type Evidence,
} from '../../../lambdas/adapters/dynamo/decision-evidence';
import type { DayJudgement } from '../../../shared/weather/judgement';

const hoursFrom = (first: string, count: number) =>
  Array.from({ length: count }, (_, i) => new Date(Date.parse(first) + i * 3600_000).toISOString());

const judgement: DayJudgement = {
  date: '2026-12-01',
  verdict: 'partial',
  hoursLost: 4,
  workingHours: 9,
  rules: [
    { id: 'rain', kind: 'delay', hours: ['07:00', '08:00', '09:00'], peak: 3.2, reason: 'Rain 0.13 in/h' },
    { id: 'inspect', kind: 'reminder', hours: ['10:00'], peak: 7, reason: 'Inspect the silt fence' },
  ],
};

const evidence: Evidence = {
  judgement,
  rules: [
    { id: 'rain', metric: 'precipitation', op: '>=', threshold: 2.5, label: 'the rain limit' },
    { id: 'wind', metric: 'wind_gusts', op: '>', threshold: 40, minDurationHours: 2, when: undefined },
  ],
  forecast: {
    source: 'open-meteo',
    scenario: null,
    hours: hoursFrom('2026-11-30T10:00:00.000Z', 48),
    values: {
      precipitation: Array.from({ length: 48 }, (_, i) => (i % 5 === 0 ? null : i / 10)),
      wind_gusts: Array.from({ length: 48 }, (_, i) => 20 + i),
    },
  },
  announcement: { kind: 'notice', messageKey: 'notice:partial', judgement },
};

/** What the item held before: each part as it is, a null one left out (the document client drops it). */
const asWrittenBefore = (e: Evidence): Partial<Evidence> =>
  Object.fromEntries(Object.entries(e).filter(([, value]) => value !== null && value !== undefined));

const cases: [string, Evidence][] = [
  ['a called day, announced as judged', evidence],
  [
    'an announcement judged on an earlier run',
    {
      ...evidence,
      announcement: {
        kind: 'update',
        messageKey: 'update:full:9',
        judgement: { ...judgement, verdict: 'full', hoursLost: 9 },
      },
    },
  ],
  [
    'an announcement equal to the judgement but a copy of it',
    { ...evidence, announcement: { ...evidence.announcement!, judgement: structuredClone(judgement) } },
  ],
  ['a quiet day (no announcement)', { ...evidence, announcement: null }],
  [
    'a day without a forecast or a judgement',
    { judgement: null, rules: [], forecast: null, announcement: null },
  ],
  [
    'a snapshot whose hours skip one (a daylight-saving day is still hourly in UTC; a gap is not)',
    {
      ...evidence,
      forecast: {
        ...evidence.forecast!,
        hours: [...hoursFrom('2026-11-30T10:00:00.000Z', 3), '2026-11-30T14:00:00.000Z'],
      },
    },
  ],
  ['a snapshot of no hours', { ...evidence, forecast: { ...evidence.forecast!, hours: [], values: {} } }],
  [
    'a scenario and names in other scripts',
    { ...evidence, forecast: { ...evidence.forecast!, scenario: 'storm “north” — Zoë' } },
  ],
];

describe("a decision's evidence as one JSON string", () => {
  it.each(cases)('should read back exactly what was stored for %s', (_, stored) => {
    const read = evidenceOf({ evidence: evidenceText(stored) });
    // JSON keeps no `undefined`; the document client's marshalling (removeUndefinedValues) kept none either.
    expect(read).toEqual(JSON.parse(JSON.stringify(stored)));
    expect(read).toEqual(stored);
  });

  it('should keep the hours as the first and a count, and the announcement without its copy of the judgement', () => {
    const text = evidenceText(evidence);
    expect(text).not.toContain('2026-11-30T11:00:00.000Z');
    expect(text.split('"reason"')).toHaveLength(1 + judgement.rules.length);
    expect(text.length).toBeLessThan(JSON.stringify(evidence).length / 2);
  });

  it('should read a decision stored before as its four attributes', () => {
    expect(evidenceOf(asWrittenBefore(evidence))).toEqual(evidence);
    expect(evidenceOf({})).toEqual({ judgement: null, rules: [], forecast: null, announcement: null });
  });

  it.each(cases)('should export %s as the attributes a decision was written as before', (_, stored) => {
    const item = { tenantId: 't', jobsiteId: 'j', workDate: '2026-12-01', verdict: 'partial' };
    const exported = exportedDecision({ ...item, evidence: evidenceText(stored) });
    expect(exported).toEqual({ ...item, ...asWrittenBefore(stored) });
    expect(exportedDecision({ ...item, ...asWrittenBefore(stored) })).toEqual(exported);
  });
});
