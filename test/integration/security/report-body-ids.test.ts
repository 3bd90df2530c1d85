import { callApi, newAccount, subscribe, type TestAccount } from '../../support/accounts';
import { testStack } from '../stack';

/**
 * Ids inside a custom report's body (the chosen jobsites, a client) that are not text, longer than
 * any stored id or not of the ids' shape name nothing: saving or previewing such a definition answers
 * 400 naming the field (it answered 500 when an overlong id reached the store's read), and nothing is
 * saved.
 */
const stack = testStack();
let premium: TestAccount;
let siteId: string;

const definition = (jobsites: unknown) => ({
  title: 'Odd ids',
  jobsites,
  range: { from: '2026-01-26', to: '2026-02-06' },
  sections: ['ledger'],
});

beforeAll(async () => {
  premium = await newAccount(stack, 'report-ids');
  await subscribe(stack, premium, 'premium');
  const site = await callApi(stack, '/api/jobsites', {
    token: premium.token,
    body: { name: 'Quarry Road Bridge', latitude: 39.74, longitude: -104.99 },
  });
  expect(site.status).toBe(201);
  siteId = site.body.id;
}, 90_000);

const LONG = 'x'.repeat(3000);
const CASES: [string, unknown, RegExp][] = [
  ['a number among the jobsite ids', [12], /^jobsites/],
  ['null among the jobsite ids', [null], /^jobsites/],
  ['an object among the jobsite ids', [{ id: 'a' }], /^jobsites/],
  ['a 3,000-character jobsite id', [LONG], /^jobsites\.0$/],
  ['a 3,000-character id after a good one', ['SITE', LONG], /^jobsites\.1$/],
  ['a 65-character jobsite id', ['y'.repeat(65)], /^jobsites\.0$/],
  ['a jobsite id with a NUL', ['a\u0000b'], /^jobsites\.0$/],
  ['a jobsite id with a space and a slash', ['a b/c'], /^jobsites\.0$/],
  ['an empty jobsite id', [''], /^jobsites\.0$/],
  ['a client id that is a number', { clientId: 5 }, /^jobsites/],
  ['a client id that is null', { clientId: null }, /^jobsites/],
  ['a 3,000-character client id', { clientId: LONG }, /^jobsites\.clientId$/],
  ['a client id with a bidi override', { clientId: 'a\u202Eb' }, /^jobsites\.clientId$/],
];

describe('ids inside a report body', () => {
  it.each(CASES)(
    'should answer 400 naming the field for %s, on saving and on the preview',
    async (_, raw, field) => {
      const jobsites = Array.isArray(raw) ? raw.map((id) => (id === 'SITE' ? siteId : id)) : raw;
      for (const path of ['/api/reports', '/api/reports/preview']) {
        const res = await callApi(stack, path, { token: premium.token, body: definition(jobsites) });
        expect([path, res.status]).toEqual([path, 400]);
        expect(res.body.field).toMatch(field);
        expect(typeof res.body.error).toBe('string');
        expect(res.text).not.toContain(LONG);
      }
    },
  );

  it('should save nothing for a refused body, and still save a good one', async () => {
    await callApi(stack, '/api/reports', { token: premium.token, body: definition([LONG]) });
    expect((await callApi(stack, '/api/reports', { token: premium.token })).body.reports).toEqual([]);
    const good = await callApi(stack, '/api/reports', { token: premium.token, body: definition([siteId]) });
    expect(good.status).toBe(201);
  });
});
