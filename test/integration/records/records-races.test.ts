import { randomUUID } from 'node:crypto';
import { testStack } from '../stack';
import { createCompositionRoot } from '../../../lambdas/composition-root';
import { apiFor, newAccount, subscribe, type TestAccount } from '../../support/accounts';
import { noticeTemplate } from '../../support/email-templates';

/**
 * Limits and uniqueness rules under parallel requests, and idempotent creates, through the real
 * path (local server, Hono app, ElectroDB, DynamoDB Local transactions).
 */
const stack = testStack();
const root = createCompositionRoot(stack.lambdaConfig);
const api = apiFor(stack);
const DENVER = { latitude: 39.7392, longitude: -104.9903 };
const PARALLEL = 20;

const parallel = <T>(n: number, make: (i: number) => Promise<T>) =>
  Promise.all(Array.from({ length: n }, (_, i) => make(i)));
const statuses = (results: { status: number }[]) => results.map((r) => r.status).sort();

const template = (name: string) => noticeTemplate(name);

describe('plan limits under parallel requests', () => {
  it('should store exactly one jobsite when a no-plan account sends 20 creates at once', async () => {
    const account = await newAccount(stack, 'race-jobsites');
    const results = await parallel(PARALLEL, (i) =>
      api('/api/jobsites', { token: account.token, body: { name: `Site ${i}`, ...DENVER } }),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    for (const refused of results.filter((r) => r.status !== 201)) {
      expect(refused.status).toBe(403);
      expect(refused.body.error).toMatch(/allows 1 jobsite/);
    }
    const list = await api('/api/jobsites', { token: account.token });
    expect(list.body.items).toHaveLength(1);
  });

  it('should free the plan slot when the jobsite is deleted', async () => {
    const account = await newAccount(stack, 'race-jobsites-delete');
    const first = await api('/api/jobsites', { token: account.token, body: { name: 'One', ...DENVER } });
    expect(first.status).toBe(201);
    expect(
      (await api(`/api/jobsites/${first.body.id}`, { method: 'DELETE', token: account.token })).status,
    ).toBe(204);
    const results = await parallel(8, (i) =>
      api('/api/jobsites', { token: account.token, body: { name: `Again ${i}`, ...DENVER } }),
    );
    expect(statuses(results)).toEqual([201, ...Array(7).fill(403)]);
  });

  it('should count jobsites and templates stored before counters existed when creates race', async () => {
    const account = await newAccount(stack, 'race-legacy');
    await subscribe(stack, account, 'premium');
    // Written as an older release did: the records alone, no counter or pair guard.
    const now = new Date().toISOString();
    for (let i = 0; i < 9; i++)
      await root.db.entities.jobsite
        .create({
          tenantId: account.userId,
          jobsiteId: `legacy-${i}`,
          name: `Legacy ${i}`,
          ...DENVER,
          timezone: 'America/Denver',
          active: false,
          createdAt: now,
          updatedAt: now,
        })
        .go();
    const sites = await parallel(8, (i) =>
      api('/api/jobsites', { token: account.token, body: { name: `New ${i}`, ...DENVER } }),
    );
    expect(statuses(sites)).toEqual([201, ...Array(7).fill(403)]);
    expect((await api('/api/jobsites?limit=50', { token: account.token })).body.items).toHaveLength(10);

    // Without a plan: 1 template, already used by one stored before the counter.
    const noPlan = await newAccount(stack, 'race-legacy-templates');
    await root.db.entities.emailTemplate
      .create({
        tenantId: noPlan.userId,
        templateId: 'legacy-t',
        name: 'Old',
        kind: 'allClear',
        audience: 'client',
        subject: 'S {{jobsite}}',
        body: 'B {{jobsite}}',
        createdAt: now,
        updatedAt: now,
      })
      .go();
    const kinds = ['notice', 'update'] as const;
    const templates = await parallel(6, (i) =>
      api('/api/email-templates', {
        token: noPlan.token,
        body: { ...template(`P${i}`), kind: kinds[i % 2], audience: i < 3 ? 'worker' : 'manager' },
      }),
    );
    expect(statuses(templates)).toEqual(Array(6).fill(403));
  });

  it('should store one template per kind and audience and stay within the plan when 20 creates come at once', async () => {
    const account = await newAccount(stack, 'race-templates');
    const results = await parallel(PARALLEL, (i) =>
      api('/api/email-templates', { token: account.token, body: template(`Notice ${i}`) }),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    for (const refused of results.filter((r) => r.status !== 201))
      expect([403, 409]).toContain(refused.status);
    const list = await api('/api/email-templates', { token: account.token });
    expect(list.body.items).toHaveLength(1);
  });

  it('should keep one template per kind and audience on a paid plan when 20 creates of one pair come at once', async () => {
    const account = await newAccount(stack, 'race-templates-paid');
    await subscribe(stack, account, 'enterprise');
    const results = await parallel(PARALLEL, (i) =>
      api('/api/email-templates', { token: account.token, body: template(`Pair ${i}`) }),
    );
    expect(statuses(results)).toEqual([201, ...Array(PARALLEL - 1).fill(409)]);
    expect(results.find((r) => r.status === 409)!.body.error).toMatch(
      /is already the delay notice template for workers/,
    );
  });
});

describe('worker email uniqueness', () => {
  let account: TestAccount;
  beforeAll(async () => {
    account = await newAccount(stack, 'race-workers');
  });

  it('should make one worker when 20 creates of one email come at once', async () => {
    const results = await parallel(PARALLEL, (i) =>
      api('/api/workers', {
        token: account.token,
        body: { name: `Dup ${i}`, email: 'Same.Person@Example.com' },
      }),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    for (const refused of results.filter((r) => r.status !== 201)) {
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ field: 'email', error: 'Another worker already has this email' });
    }
    const list = await api('/api/workers?q=same.person', { token: account.token });
    expect(list.body.items).toHaveLength(1);
  });

  it('should free an email when a worker changes it or is deleted', async () => {
    const a = await api('/api/workers', {
      token: account.token,
      body: { name: 'Mover', email: 'first@move.example' },
    });
    const moved = await api(`/api/workers/${a.body.id}`, {
      method: 'PUT',
      token: account.token,
      body: { email: 'second@move.example' },
    });
    expect(moved.status).toBe(200);
    const takesOld = await api('/api/workers', {
      token: account.token,
      body: { name: 'Taker', email: 'first@move.example' },
    });
    expect(takesOld.status).toBe(201);
    const takesNew = await api('/api/workers', {
      token: account.token,
      body: { name: 'Late', email: 'second@move.example' },
    });
    expect(takesNew.status).toBe(400);
    await api(`/api/workers/${a.body.id}`, { method: 'DELETE', token: account.token });
    const afterDelete = await api('/api/workers', {
      token: account.token,
      body: { name: 'Late', email: 'second@move.example' },
    });
    expect(afterDelete.status).toBe(201);
  });

  it('should let only one of 20 parallel updates take an email', async () => {
    const made = await parallel(PARALLEL, (i) =>
      api('/api/workers', { token: account.token, body: { name: `U ${i}`, email: `u${i}@swap.example` } }),
    );
    const results = await parallel(PARALLEL, (i) =>
      api(`/api/workers/${made[i]!.body.id}`, {
        method: 'PUT',
        token: account.token,
        body: { email: 'wanted@swap.example' },
      }),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    const list = await api('/api/workers?q=wanted@swap', { token: account.token });
    expect(list.body.items).toHaveLength(1);
  });
});

/** Sends one create twice with one key: the repeat answers the first answer, marked as replayed. */
async function expectReplayed(path: string, who: TestAccount, body: object, status: number) {
  const send = () => api(path, { token: who.token, body, headers: { 'Idempotency-Key': key } });
  const key = randomUUID();
  const first = await send();
  expect(first.status).toBe(status);
  const again = await send();
  expect(again.status).toBe(status);
  expect(again.body).toEqual(first.body);
  expect(again.headers.get('idempotent-replayed')).toBe('true');
}

describe('Idempotency-Key on creates', () => {
  let account: TestAccount;
  beforeAll(async () => {
    account = await newAccount(stack, 'idempotency');
  });

  it('should answer a repeat with the stored response and create once', async () => {
    await expectReplayed('/api/clients', account, { name: 'Once Only Ltd' }, 201);
    const list = await api('/api/clients?q=once only', { token: account.token });
    expect(list.body.items).toHaveLength(1);
  });

  it('should create once when 20 requests with one key come at once, answering 409 to those that overlap', async () => {
    const key = randomUUID();
    const results = await parallel(PARALLEL, () =>
      api('/api/crews', {
        token: account.token,
        body: { name: 'Parallel crew' },
        headers: { 'Idempotency-Key': key },
      }),
    );
    const created = results.filter((r) => r.status === 201);
    expect(created.length).toBeGreaterThanOrEqual(1);
    expect(new Set(created.map((r) => r.body.id)).size).toBe(1);
    for (const r of results.filter((x) => x.status !== 201)) {
      expect(r.status).toBe(409);
      expect(r.body.error).toBe('This request is already being processed');
    }
    const list = await api('/api/crews?q=parallel crew', { token: account.token });
    expect(list.body.items).toHaveLength(1);
  });

  it('should answer 422 when a key is reused with another body, and 400 for a malformed key', async () => {
    const key = randomUUID();
    await api('/api/clients', {
      token: account.token,
      body: { name: 'Key A' },
      headers: { 'Idempotency-Key': key },
    });
    const other = await api('/api/clients', {
      token: account.token,
      body: { name: 'Key B' },
      headers: { 'Idempotency-Key': key },
    });
    expect(other.status).toBe(422);
    expect(other.body.error).toBe('Idempotency-Key was already used for another request');
    const bad = await api('/api/clients', {
      token: account.token,
      body: { name: 'Key C' },
      headers: { 'Idempotency-Key': 'short' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('Idempotency-Key');
  });

  it('should replay a refusal as it was answered, and make one template for a repeated create', async () => {
    const own = await newAccount(stack, 'idempotency-refusal');
    await api('/api/jobsites', { token: own.token, body: { name: 'Only', ...DENVER } });
    await expectReplayed('/api/jobsites', own, { name: 'Second', ...DENVER }, 403);

    const templateKey = randomUUID();
    const sends = await parallel(3, () =>
      api('/api/email-templates', {
        token: own.token,
        body: template('Keyed'),
        headers: { 'Idempotency-Key': templateKey },
      }),
    );
    expect(sends.filter((r) => r.status === 201).length).toBeGreaterThanOrEqual(1);
    expect((await api('/api/email-templates', { token: own.token })).body.items).toHaveLength(1);
  });

  it('should keep keys per account: the same key from another account creates its own record', async () => {
    const other = await newAccount(stack, 'idempotency-other');
    const key = randomUUID();
    const mine = await api('/api/workers', {
      token: account.token,
      body: { name: 'Mine', email: 'mine@keys.example' },
      headers: { 'Idempotency-Key': key },
    });
    const theirs = await api('/api/workers', {
      token: other.token,
      body: { name: 'Mine', email: 'mine@keys.example' },
      headers: { 'Idempotency-Key': key },
    });
    expect(mine.status).toBe(201);
    expect(theirs.status).toBe(201);
    expect(theirs.body.id).not.toBe(mine.body.id);
    expect(theirs.headers.get('idempotent-replayed')).toBeNull();
  });

  it('should import each row once when the same import is double-submitted with one key', async () => {
    const key = randomUUID();
    const csv = 'name,email\nDee One,dee1@import.example\nDee Two,dee2@import.example\n';
    const [a, b] = await Promise.all(
      [0, 1].map(() =>
        api('/api/workers/import', {
          token: account.token,
          rawBody: csv,
          headers: { 'content-type': 'text/csv', 'Idempotency-Key': key },
        }),
      ),
    );
    expect(statuses([a!, b!])).toEqual(expect.arrayContaining([201]));
    const list = await api('/api/workers?q=import.example', { token: account.token });
    expect(list.body.items).toHaveLength(2);
  });
});
