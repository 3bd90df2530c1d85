import { testStack } from '../stack';
import { apiFor, newAccount, subscribe, type TestAccount } from '../../support/accounts';

/** Input edges of the records API: import upsert, number ranges, names, rule ids, CSV formulas, ledger dates. */
const stack = testStack();
const api = apiFor(stack);
const DENVER = { latitude: 39.7392, longitude: -104.9903 };
const csvPost = (token: string, pathname: string, csv: string) =>
  api(pathname, { token, rawBody: csv, headers: { 'content-type': 'text/csv' } });

let account: TestAccount;
/** POST /api/jobsites as the file's account: a jobsite in Denver named `name`, with `fields`. */
const createDenverJobsite = (name: string, fields: Record<string, unknown>) =>
  api('/api/jobsites', { token: account.token, body: { name, ...DENVER, ...fields } });
beforeAll(async () => {
  account = await newAccount(stack, 'records-edges');
  await subscribe(stack, account, 'premium');
});

describe('workers CSV import by email', () => {
  it('should preview new, updated, unchanged and error rows without writing when dryRun is true', async () => {
    const own = await newAccount(stack, 'import-preview');
    await api('/api/workers', { token: own.token, body: { name: 'Kept Same', email: 'same@up.example' } });
    await api('/api/workers', { token: own.token, body: { name: 'Old Name', email: 'old@up.example' } });
    const csv = [
      'name,email,trade',
      'Kept Same,SAME@up.example,',
      'New Name,old@up.example,Roofer',
      'Brand New,new@up.example,',
      'Broken,not-an-email,',
      'Twice,new@up.example,',
    ].join('\n');
    const preview = await csvPost(own.token, '/api/workers/import?dryRun=true', csv);
    expect(preview.status).toBe(200);
    expect(preview.body.counts).toEqual({ new: 1, updated: 1, unchanged: 1, error: 2 });
    expect(preview.body.rows).toEqual([
      { row: 1, email: 'same@up.example', name: 'Kept Same', status: 'unchanged' },
      { row: 2, email: 'old@up.example', name: 'New Name', status: 'updated' },
      { row: 3, email: 'new@up.example', name: 'Brand New', status: 'new' },
      {
        row: 4,
        email: 'not-an-email',
        name: 'Broken',
        status: 'error',
        fields: { email: 'Enter a valid email address' },
      },
      {
        row: 5,
        email: 'new@up.example',
        name: 'Twice',
        status: 'error',
        fields: { email: 'This email appears twice in the file' },
      },
    ]);
    const list = await api('/api/workers', { token: own.token });
    expect(list.body.items.map((w: { name: string }) => w.name).sort()).toEqual(['Kept Same', 'Old Name']);
  });

  it('should update existing workers by email and create the new ones when a corrected file is imported', async () => {
    const own = await newAccount(stack, 'import-upsert');
    const first = 'name,email,trade,crews,manager\nAnn Lee,ann@up.example,Carpenter,Framers,yes\n';
    expect((await csvPost(own.token, '/api/workers/import', first)).status).toBe(201);
    const corrected =
      'name,email,trade,crews,manager\nAnn Lee-Smith,Ann@up.example,Carpenter,Framers,yes\nBo Diaz,bo@up.example,,,no\n';
    const result = await csvPost(own.token, '/api/workers/import', corrected);
    expect(result.status).toBe(201);
    expect(result.body.counts).toEqual({ new: 1, updated: 1, unchanged: 0, error: 0 });
    expect(result.body.imported).toBe(2);
    expect(result.body.items.map((w: { name: string }) => w.name).sort()).toEqual([
      'Ann Lee-Smith',
      'Bo Diaz',
    ]);
    expect(result.body.createdCrews).toEqual([]);
    const list = await api('/api/workers', { token: own.token });
    expect(list.body.items).toHaveLength(2);
    expect(list.body.items.find((w: { email: string }) => w.email === 'ann@up.example')).toMatchObject({
      name: 'Ann Lee-Smith',
      trade: 'Carpenter',
      isManager: true,
    });
  });
});

describe('the workers CSV export', () => {
  it('should defuse formulas and still re-import as unchanged', async () => {
    const own = await newAccount(stack, 'export-formulas');
    const formulas: [string, string][] = [
      ['=1+1', '@SUM(A1:A2)'],
      ['+cmd|calc', '-2+3'],
    ];
    for (const [name, trade] of formulas)
      expect(
        (
          await api('/api/workers', {
            token: own.token,
            body: { name, trade, email: `${trade.length}@f.example` },
          })
        ).status,
      ).toBe(201);
    const exported = await api('/api/workers/export', { token: own.token });
    expect(exported.text).toContain("'=1+1");
    expect(exported.text).toContain("'@SUM(A1:A2)");
    expect(exported.text).toContain("'+cmd|calc");
    expect(exported.text).not.toMatch(/(^|[\n,])[=+@-]/);
    const again = await csvPost(own.token, '/api/workers/import?dryRun=true', exported.text);
    expect(again.status).toBe(200);
    expect(again.body.counts).toEqual({ new: 0, updated: 0, unchanged: 2, error: 0 });
  });
});

describe('names need a visible character', () => {
  it.each([
    ['/api/clients', 'Company name'],
    ['/api/crews', 'Crew name'],
    ['/api/workers', 'Name'],
  ])(
    'should answer 400 naming the field when a %s name is only zero-width characters',
    async (path, label) => {
      for (const name of ['\u200b', '\u200d\u2060', '\ufeff\u200b', '\u0301', ' \u200b ']) {
        const res = await api(path, { token: account.token, body: { name, email: 'zw@example.com' } });
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ field: 'name', error: `${label} must have a visible character` });
      }
    },
  );
});

describe('number ranges', () => {
  it('should refuse a negative or too high crew rate with the reason under the field', async () => {
    for (const hourlyRateCents of [-4500, 100_001]) {
      const res = await api('/api/crews', { token: account.token, body: { name: 'Rated', hourlyRateCents } });
      expect(res.status).toBe(400);
      expect(res.body.fields).toEqual({ hourlyRateCents: 'Enter a rate from $0 to $1,000 per hour' });
    }
    const top = await api('/api/crews', {
      token: account.token,
      body: { name: 'Top', hourlyRateCents: 100_000 },
    });
    expect(top.status).toBe(201);
  });

  it('should refuse a monthly allowance above the days of that month, naming the month', async () => {
    const allowance = [0, 45, 0, 0, 0, 0, 0, 0, 0, 0, 0, 31];
    const res = await api('/api/jobsites', {
      token: account.token,
      body: { name: 'Allowance', ...DENVER, anticipatedWeatherDays: allowance },
    });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({ 'anticipatedWeatherDays.1': 'February has at most 29 days' });
    const april = await api('/api/jobsites', {
      token: account.token,
      body: { name: 'Allowance', ...DENVER, anticipatedWeatherDays: [0, 0, 0, 31, 0, 0, 0, 0, 0, 0, 0, 0] },
    });
    expect(april.body.fields).toEqual({ 'anticipatedWeatherDays.3': 'April has at most 30 days' });
  });

  it('should refuse a rule threshold outside its metric range', async () => {
    const res = await createDenverJobsite('Hot', {
      rules: [{ id: 'r1', metric: 'relative_humidity', op: '>=', threshold: 250 }],
    });
    expect(res.status).toBe(400);
    expect(res.body.fields['rules.0.threshold']).toBe('Relative humidity threshold must be from 0 to 100 %');
  });
});

describe('rules without ids', () => {
  it('should name each rule that comes without an id, keeping the ids that are given', async () => {
    const res = await createDenverJobsite('Unnamed rules', {
      rules: [
        { metric: 'wind_gusts', op: '>=', threshold: 48 },
        { id: 'rule-1', metric: 'precipitation', op: '>=', threshold: 2.5 },
        { metric: 'temperature', op: '<=', threshold: 4 },
      ],
    });
    expect(res.status).toBe(201);
    const ids = res.body.rules.map((r: { id: string }) => r.id);
    expect(ids[1]).toBe('rule-1');
    expect(new Set(ids).size).toBe(3);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
    const read = await api(`/api/jobsites/${res.body.id}`, { token: account.token });
    expect(read.body.rules).toEqual(res.body.rules);
  });
});

describe('ledger dates', () => {
  it('should answer 400 naming the field for dates far outside the ledger', async () => {
    const site = await api('/api/jobsites', {
      token: account.token,
      body: { name: 'Ledger edges', ...DENVER },
    });
    const base = `/api/jobsites/${site.body.id}/ledger`;
    const day = await api(`${base}/9999-12-31`, { token: account.token });
    expect(day.status).toBe(400);
    expect(day.body.field).toBe('date');
    const range = await api(`${base}?from=9999-12-01&to=9999-12-31`, { token: account.token });
    expect(range.status).toBe(400);
    expect(range.body.field).toBe('from');
    const tooEarly = await api(`${base}?from=1000-01-01&to=1000-01-31`, { token: account.token });
    expect(tooEarly.status).toBe(400);
    const csv = await api(`${base}.csv?to=9999-12-31`, { token: account.token });
    expect(csv.status).toBe(400);
    const fine = await api(`${base}`, { token: account.token });
    expect(fine.status).toBe(200);
  });
});
