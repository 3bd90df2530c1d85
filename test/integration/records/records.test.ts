import { testStack } from '../stack';
import { accountOnPlan, apiFor, newAccount, type TestAccount } from '../../support/accounts';

/**
 * Clients, crews, workers and jobsites through the real path: the local one-origin server, the API
 * Lambda's Hono app, ElectroDB and DynamoDB Local, with tokens from cognito-local.
 */
const stack = testStack();
const api = apiFor(stack);

let premium: TestAccount;

beforeAll(async () => {
  premium = await accountOnPlan(stack, 'records-premium', 'premium');
});

const DENVER = { latitude: 39.7392, longitude: -104.9903 };

describe('creating records', () => {
  it('should answer 201 with the stored record and a server-chosen id when the body is minimal', async () => {
    const client = await api('/api/clients', { token: premium.token, body: { name: 'Acme Owners' } });
    expect(client.status).toBe(201);
    expect(client.body).toMatchObject({ name: 'Acme Owners', notifyNoWork: false, contactName: null });
    expect(client.body.id).toEqual(expect.any(String));

    const crew = await api('/api/crews', { token: premium.token, body: { name: 'Night crew' } });
    expect(crew.status).toBe(201);
    expect(crew.body).toMatchObject({ name: 'Night crew', workerIds: [] });

    const worker = await api('/api/workers', {
      token: premium.token,
      body: { name: 'Ana Silva', email: 'Ana.Silva@Example.com' },
    });
    expect(worker.status).toBe(201);
    expect(worker.body).toMatchObject({ email: 'ana.silva@example.com', status: 'active', crewIds: [] });

    const jobsite = await api('/api/jobsites', {
      token: premium.token,
      body: { name: 'Union Station Annex', ...DENVER },
    });
    expect(jobsite.status).toBe(201);
    expect(jobsite.body).toMatchObject({
      timezone: 'America/Denver',
      workingDays: [1, 2, 3, 4, 5],
      workingHours: { start: '07:00', end: '17:00' },
      noticeTimes: [
        { time: '18:00', forDay: 'next' },
        { time: '05:00', forDay: 'same' },
      ],
      active: true,
      rules: [],
      recipients: { workerIds: [], crewIds: [], notifyClient: false },
    });
    const read = await api(`/api/jobsites/${jobsite.body.id}`, { token: premium.token });
    expect(read.body).toEqual(jobsite.body);
  });

  it('should change none of id, tenantId, userId, pk, plan or status when a body sends them', async () => {
    const extras = {
      id: 'chosen-by-me',
      tenantId: 'other',
      userId: 'other',
      pk: 'X',
      plan: 'enterprise',
      status: 'bounced',
    };
    const worker = await api('/api/workers', {
      token: premium.token,
      body: { name: 'Extra Fields', email: `extra-${Date.now()}@example.com`, ...extras },
    });
    expect(worker.status).toBe(201);
    expect(worker.body.id).not.toBe('chosen-by-me');
    expect(worker.body.status).toBe('active');
    expect(worker.body).not.toHaveProperty('tenantId');

    const updated = await api(`/api/workers/${worker.body.id}`, {
      method: 'PUT',
      token: premium.token,
      body: { trade: 'Electrician', ...extras },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      id: worker.body.id,
      status: 'active',
      trade: 'Electrician',
      name: 'Extra Fields',
    });
    expect((await api('/api/workers/chosen-by-me', { token: premium.token })).status).toBe(404);
    const me = await api('/api/me', { token: premium.token });
    expect(me.body.subscription.plan).toBe('premium');
  });

  it('should keep the fields a PUT leaves out and re-derive the timezone when the jobsite moves', async () => {
    const created = await api('/api/jobsites', {
      token: premium.token,
      body: { name: 'Moving site', ...DENVER, workingHours: { start: '06:00', end: '15:00' } },
    });
    const moved = await api(`/api/jobsites/${created.body.id}`, {
      method: 'PUT',
      token: premium.token,
      body: { latitude: 41.8781, longitude: -87.6298 },
    });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({
      name: 'Moving site',
      timezone: 'America/Chicago',
      workingHours: { start: '06:00', end: '15:00' },
    });
  });
});

describe('invalid input', () => {
  it.each([
    ['/api/clients', {}, 'name', 'Company name is required'],
    ['/api/workers', { name: 'No Email' }, 'email', 'Email is required'],
    ['/api/workers', { name: 'Bad', email: 'not-an-email' }, 'email', 'Enter a valid email address'],
    ['/api/crews', { name: 'bidi \u202Eevil' }, 'name', 'Crew name contains characters that are not allowed'],
    [
      '/api/jobsites',
      { name: 'Off the map', latitude: 95, longitude: 0 },
      'latitude',
      'Latitude must be between -90 and 90',
    ],
    [
      '/api/jobsites',
      { name: 'No hours', ...DENVER, workingHours: { start: '07:00', end: '07:00' } },
      'workingHours.end',
      'End time must differ from the start time',
    ],
  ])('should answer 400 naming the field when POST %s gets %j', async (path, body, field, reason) => {
    const before = await api(`${path}?limit=200`, { token: premium.token });
    const res = await api(path, { token: premium.token, body });
    expect(res.status).toBe(400);
    expect(res.body.fields[field]).toBe(reason);
    expect(res.body.error).toEqual(expect.any(String));
    const after = await api(`${path}?limit=200`, { token: premium.token });
    expect(after.body.items).toHaveLength(before.body.items.length);
  });

  it('should answer 400 when a jobsite names a worker, crew or client the account does not have', async () => {
    const res = await api('/api/jobsites', {
      token: premium.token,
      body: { name: 'Ghost refs', ...DENVER, recipients: { workerIds: ['no-such-worker'] } },
    });
    expect(res.status).toBe(400);
    expect(res.body.field).toBe('recipients.workerIds');
  });

  it('should answer 413 for a JSON body over 64 KB and 404 for an id that cannot exist', async () => {
    const big = await api('/api/clients', {
      token: premium.token,
      body: { name: 'x', notes: 'n'.repeat(70_000) },
    });
    expect(big.status).toBe(413);
    const longId = await api(`/api/clients/${'a'.repeat(2048)}`, { token: premium.token });
    expect(longId.status).toBe(404);
  });
});

describe('lists', () => {
  it('should search, sort and page through the records of the account', async () => {
    const tag = `Zeta${Date.now()}`;
    for (const name of [`${tag} Charlie`, `${tag} alpha`, `${tag} Bravo`]) {
      expect((await api('/api/clients', { token: premium.token, body: { name } })).status).toBe(201);
    }
    const first = await api(`/api/clients?q=${tag}&sort=name&limit=2`, { token: premium.token });
    expect(first.body.items.map((c: { name: string }) => c.name)).toEqual([`${tag} alpha`, `${tag} Bravo`]);
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const second = await api(`/api/clients?q=${tag}&sort=name&limit=2&cursor=${first.body.nextCursor}`, {
      token: premium.token,
    });
    expect(second.body).toEqual({
      items: [expect.objectContaining({ name: `${tag} Charlie` })],
      nextCursor: null,
    });
    const desc = await api(`/api/clients?q=${tag.toLowerCase()}&sort=-name`, { token: premium.token });
    expect(desc.body.items[0].name).toBe(`${tag} Charlie`);
    const badSort = await api('/api/clients?sort=password', { token: premium.token });
    expect(badSort.status).toBe(400);
    expect(badSort.body.field).toBe('sort');
  });
});

describe('deleting records in use', () => {
  it('should answer 409 naming the jobsite and keep the client when a jobsite belongs to it', async () => {
    const client = await api('/api/clients', { token: premium.token, body: { name: 'Busy Client' } });
    await api('/api/jobsites', {
      token: premium.token,
      body: { name: 'Busy Client Tower', ...DENVER, clientId: client.body.id },
    });
    const res = await api(`/api/clients/${client.body.id}`, { method: 'DELETE', token: premium.token });
    expect(res.status).toBe(409);
    expect(res.body.error).toContain('Busy Client Tower');
    expect((await api(`/api/clients/${client.body.id}`, { token: premium.token })).status).toBe(200);
  });

  it('should answer 409 naming the worker and keep the crew when a worker is in it, and 204 once it is empty', async () => {
    const crew = await api('/api/crews', { token: premium.token, body: { name: 'Busy Crew' } });
    const worker = await api('/api/workers', {
      token: premium.token,
      body: { name: 'Crew Member', email: `member-${Date.now()}@example.com`, crewIds: [crew.body.id] },
    });
    const refused = await api(`/api/crews/${crew.body.id}`, { method: 'DELETE', token: premium.token });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toContain('Crew Member');
    await api(`/api/workers/${worker.body.id}`, {
      method: 'PUT',
      token: premium.token,
      body: { crewIds: [] },
    });
    const deleted = await api(`/api/crews/${crew.body.id}`, { method: 'DELETE', token: premium.token });
    expect(deleted.status).toBe(204);
    expect((await api(`/api/crews/${crew.body.id}`, { token: premium.token })).status).toBe(404);
  });
});

describe('the plan limit on jobsites', () => {
  it('should answer 403 naming the limit when an account without a plan adds a second jobsite', async () => {
    const account = await newAccount(stack, 'records-noplan');
    expect(
      (await api('/api/jobsites', { token: account.token, body: { name: 'First', ...DENVER } })).status,
    ).toBe(201);
    const second = await api('/api/jobsites', { token: account.token, body: { name: 'Second', ...DENVER } });
    expect(second.status).toBe(403);
    expect(second.body.error).toMatch(/allows 1 jobsite/);
    const list = await api('/api/jobsites', { token: account.token });
    expect(list.body.items.map((j: { name: string }) => j.name)).toEqual(['First']);
  });
});

describe('workers CSV import', () => {
  it('should import nothing and name each bad row, then import every row and the new crews once fixed', async () => {
    const account = await newAccount(stack, 'records-import');
    const bad = [
      'name,email,trade,crews,manager',
      'Ann Lee,ann@example.com,Carpenter,Framers,yes',
      'Bob,not-an-email,,,no',
    ].join('\n');
    const refused = await api('/api/workers/import', {
      token: account.token,
      rawBody: bad,
      headers: { 'content-type': 'text/csv' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.rows).toEqual([{ row: 2, fields: { email: 'Enter a valid email address' } }]);
    expect((await api('/api/workers', { token: account.token })).body.items).toEqual([]);
    expect((await api('/api/crews', { token: account.token })).body.items).toEqual([]);

    const fixed = bad.replace('not-an-email', 'bob@example.com');
    const imported = await api('/api/workers/import', {
      token: account.token,
      rawBody: fixed,
      headers: { 'content-type': 'text/csv' },
    });
    expect(imported.status).toBe(201);
    expect(imported.body.imported).toBe(2);
    expect(imported.body.createdCrews).toEqual([expect.objectContaining({ name: 'Framers' })]);
    const crews = await api('/api/crews', { token: account.token });
    expect(crews.body.items[0].workerIds).toHaveLength(1);

    const exported = await api('/api/workers/export', { token: account.token });
    expect(exported.headers.get('content-type')).toMatch(/text\/csv/);
    expect(exported.text.split('\n')[0]).toBe('name,email,phone,trade,crews,manager');
    expect(exported.text).toContain('Ann Lee,ann@example.com,,Carpenter,Framers,yes');

    const again = await api('/api/workers/import', {
      token: account.token,
      rawBody: fixed,
      headers: { 'content-type': 'text/csv' },
    });
    // Issue 19.5: re-importing the same file matches the workers by email and changes nothing.
    expect(again.status).toBe(201);
    expect(again.body.counts).toEqual({ new: 0, updated: 0, unchanged: 2, error: 0 });
    expect((await api('/api/workers', { token: account.token })).body.items).toHaveLength(2);
  });
});

describe('address lookup', () => {
  it('should answer 503 with a clear message when the geocoder cannot be reached, and 400 for an empty query', async () => {
    const offline = await api('/api/geocode?q=Chicago', { token: premium.token });
    expect(offline.status).toBe(503);
    expect(offline.body.error).toMatch(/Type the coordinates/);
    const empty = await api('/api/geocode?q=', { token: premium.token });
    expect(empty.status).toBe(400);
    expect(empty.body.field).toBe('q');
  });
});

describe('every field the records API names', () => {
  it('should store and return each named field of a client, a worker, a crew and a jobsite', async () => {
    const clientFields = {
      contactName: 'Pat Field',
      email: 'pat@fullfield.example',
      phone: '(555) 010-2030',
      address: '1 Field Way',
      notes: 'All fields',
      notifyNoWork: true,
    };
    const client = await api('/api/clients', {
      token: premium.token,
      body: { name: 'Full Field Co', ...clientFields },
    });
    expect(client.status).toBe(201);
    expect(client.body).toMatchObject(clientFields);
    const crew = await api('/api/crews', { token: premium.token, body: { name: 'Full crew' } });
    const worker = await api('/api/workers', {
      token: premium.token,
      body: {
        name: 'Full Worker',
        email: `full-${Date.now()}@example.com`,
        phone: '206 555 0140',
        trade: 'Electrician',
        crewIds: [crew.body.id],
        isManager: true,
      },
    });
    expect(worker.status).toBe(201);
    expect(worker.body).toMatchObject({
      phone: '+12065550140',
      trade: 'Electrician',
      crewIds: [crew.body.id],
      isManager: true,
      status: 'active',
    });
    // Every field a jobsite form sends, each away from its default: all of them must read back.
    const jobsiteFields = {
      timezone: 'America/Denver',
      workingDays: [1, 2, 3, 4, 5, 6],
      workingHours: { start: '06:00', end: '16:00' },
      noticeTimes: [{ time: '18:00', forDay: 'next' }],
      active: false,
      clientId: client.body.id,
      rules: [{ id: 'r1', metric: 'wind_gusts', op: '>=', threshold: 48.28 }],
      recipients: { workerIds: [worker.body.id], crewIds: [crew.body.id], notifyClient: true },
    };
    const jobsite = await api('/api/jobsites', {
      token: premium.token,
      body: { name: 'Full Field Site', latitude: 39.7392, longitude: -104.9903, ...jobsiteFields },
    });
    expect(jobsite.status).toBe(201);
    const read = await api(`/api/jobsites/${jobsite.body.id}`, { token: premium.token });
    expect(read.body).toMatchObject(jobsiteFields);
  });
});
