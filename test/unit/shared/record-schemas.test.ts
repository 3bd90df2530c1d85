import { csvCell, readCsvCell } from '../../../shared/csv';
import {
  clientInputSchema,
  crewInputSchema,
  jobsiteInputSchema,
  parseWorkersCsv,
  workerInputSchema,
  workersToCsv,
  type Worker,
} from '../../../shared/records';

const DENVER = { name: 'Site', latitude: 39.7, longitude: -104.9 };
const issuesOf = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('names', () => {
  it.each(['\u200b', '\u200d\u2060', '\ufeff', '\u0301\u0302', ' \u200b\u00a0', '\u3164'])(
    'should refuse a name of only invisible characters (%j)',
    (name) => {
      expect(issuesOf(workerInputSchema.safeParse({ name, email: 'a@b.co' }))).toEqual({
        name: 'Name must have a visible character',
      });
      expect(issuesOf(clientInputSchema.safeParse({ name }))).toEqual({
        name: 'Company name must have a visible character',
      });
    },
  );

  it.each(['Zoë', 'e\u0301', '李', '🙂', 'a\u200bb'])(
    'should accept a name with a visible character (%j)',
    (name) => expect(crewInputSchema.safeParse({ name }).success).toBe(true),
  );
});

describe('number ranges', () => {
  it.each([-1, 100_001, -4500])('should refuse a crew rate of %p cents with the range', (hourlyRateCents) =>
    expect(issuesOf(crewInputSchema.safeParse({ name: 'C', hourlyRateCents }))).toEqual({
      hourlyRateCents: 'Enter a rate from $0 to $1,000 per hour',
    }),
  );

  it('should accept $0 and $1,000 an hour', () => {
    expect(crewInputSchema.parse({ name: 'C', hourlyRateCents: 0 }).hourlyRateCents).toBe(0);
    expect(crewInputSchema.parse({ name: 'C', hourlyRateCents: 100_000 }).hourlyRateCents).toBe(100_000);
  });

  it('should refuse an allowance above the days of its month, naming the month', () => {
    const days = [32, 30, 31, 31, 31, 31, 31, 31, 31, 31, 31, 31];
    expect(issuesOf(jobsiteInputSchema.safeParse({ ...DENVER, anticipatedWeatherDays: days }))).toEqual({
      'anticipatedWeatherDays.0': 'January has at most 31 days',
      'anticipatedWeatherDays.1': 'February has at most 29 days',
      'anticipatedWeatherDays.3': 'April has at most 30 days',
      'anticipatedWeatherDays.5': 'June has at most 30 days',
      'anticipatedWeatherDays.8': 'September has at most 30 days',
      'anticipatedWeatherDays.10': 'November has at most 30 days',
    });
  });

  it('should refuse rule thresholds outside the metric range, in the condition too', () => {
    const result = jobsiteInputSchema.safeParse({
      ...DENVER,
      rules: [
        { id: 'a', metric: 'wind_gusts', op: '>=', threshold: -5 },
        {
          id: 'b',
          metric: 'temperature',
          op: '>=',
          threshold: 32,
          when: { metric: 'precipitation_probability', op: '>=', threshold: 140 },
        },
      ],
    });
    expect(issuesOf(result)).toEqual({
      'rules.0.threshold': 'Wind gusts threshold must be from 0 to 500 km/h',
      'rules.1.when.threshold': 'Precipitation probability threshold must be from 0 to 100 %',
    });
  });
});

describe('rule ids', () => {
  it('should name rules without an id with the first free rule-N and keep given ids', () => {
    const parsed = jobsiteInputSchema.parse({
      ...DENVER,
      rules: [
        { metric: 'wind_gusts', op: '>=', threshold: 48 },
        { id: 'rule-1', metric: 'precipitation', op: '>=', threshold: 2 },
        { metric: 'temperature', op: '<=', threshold: 4 },
      ],
    });
    expect(parsed.rules.map((r) => r.id)).toEqual(['rule-2', 'rule-1', 'rule-3']);
  });
});

describe("a worker's crews", () => {
  const crewId = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
  it('should take 45 crews and refuse a 46th, so a save swapping every crew fits one transaction', () => {
    const crews = (n: number) => Array.from({ length: n }, (_, i) => crewId(i + 1));
    expect(workerInputSchema.safeParse({ name: 'Ana', email: 'a@b.co', crewIds: crews(45) }).success).toBe(
      true,
    );
    expect(
      issuesOf(workerInputSchema.safeParse({ name: 'Ana', email: 'a@b.co', crewIds: crews(46) })),
    ).toEqual({
      crewIds: 'Crews can hold at most 45 ids',
    });
  });

  it('should refuse an imported row naming more than 45 crews, naming the column', () => {
    const names = Array.from({ length: 46 }, (_, i) => `Crew ${i + 1}`).join(';');
    const parsed = parseWorkersCsv(`name,email,crews\nAna,ana@b.co,"${names}"\n`);
    expect(parsed.rows[0]!.fields).toEqual({ crews: 'A worker can be in at most 45 crews' });
    expect(parsed.rows[0]!.worker).toBeNull();
  });
});

describe('workers CSV', () => {
  const worker = (name: string, trade: string | null, phone: string | null): Worker => ({
    id: name,
    name,
    email: `${name.length}@x.example`,
    phone,
    trade,
    crewIds: [],
    isManager: false,
    status: 'active',
    createdAt: '',
    updatedAt: '',
  });

  it('should defuse formula-like cells in the export and read them back as they were', () => {
    const csv = workersToCsv(
      [worker('=1+1', '@SUM(A1)', '+12065550100'), worker('+cmd|calc', '-2', null)],
      new Map(),
    );
    expect(csv).toContain("'=1+1,");
    expect(csv).toContain("'@SUM(A1)");
    expect(csv).toContain("'+12065550100");
    const parsed = parseWorkersCsv(csv);
    expect(parsed.rows.map((r) => [r.worker?.name, r.worker?.trade, r.worker?.phone])).toEqual([
      ['=1+1', '@SUM(A1)', '+12065550100'],
      ['+cmd|calc', '-2', null],
    ]);
  });

  it('should read back exactly what csvCell wrote', () => {
    for (const text of ['=x', "'=x", 'plain', "it's", '-3'])
      expect(readCsvCell(csvCell(text).replace(/^"|"$/g, ''))).toBe(text);
  });

  it('should mark the second row of one email as appearing twice', () => {
    const parsed = parseWorkersCsv('name,email\nAna,ana@x.example\nAnn,ANA@x.example\n');
    expect(parsed.rows[1]).toMatchObject({ worker: null, email: 'ana@x.example', name: 'Ann' });
    expect(parsed.rows[1]!.fields).toEqual({ email: 'This email appears twice in the file' });
    expect(parsed.columns).toEqual(['name', 'email']);
  });
});
