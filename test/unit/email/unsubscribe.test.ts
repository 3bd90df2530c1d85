import { createHmac } from 'node:crypto';
import { tenantFromStore } from '../../../lambdas/core/caller';
import { ValidationError } from '../../../lambdas/core/errors';
import {
  UnsubscribeTokens,
  canReceive,
  confirmUnsubscribe,
  describeUnsubscribe,
  type UnsubscribeDeps,
} from '../../../lambdas/core/email/unsubscribe';
import { composeNotice } from '../../../lambdas/core/email/templates';
import { FakeSuppressionList, FakeWorkerStatusRepo, fixedClock, jobsite } from './fakes';

const SECRET = 'a-test-secret-that-is-long-enough-0123456789';
const claims = { tenantId: 'tenant-1', workerId: 'worker-1', email: 'ana@example.com' };

describe('unsubscribe tokens', () => {
  const tokens = new UnsubscribeTokens(SECRET);

  it('should verify a token it signed and give back its claims', () => {
    const token = tokens.sign(claims);
    expect(token).toMatch(/^u1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(tokens.verify(token)).toEqual(claims);
  });

  it('should lower-case the address it binds', () => {
    expect(tokens.verify(tokens.sign({ ...claims, email: 'Ana@Example.com' }))?.email).toBe(
      'ana@example.com',
    );
  });

  it('should refuse a token whose claims were changed', () => {
    const [v, , sig] = tokens.sign(claims).split('.');
    const forged = Buffer.from(
      JSON.stringify({ t: 'tenant-2', w: 'worker-1', e: 'ana@example.com' }),
    ).toString('base64url');
    expect(tokens.verify(`${v}.${forged}.${sig}`)).toBeNull();
  });

  it('should refuse every one-character change of a genuine token', () => {
    const token = tokens.sign(claims);
    for (let i = 0; i < token.length; i += 1) {
      const swapped = token[i] === 'A' ? 'B' : 'A';
      const tampered = token.slice(0, i) + swapped + token.slice(i + 1);
      if (tampered !== token) expect(tokens.verify(tampered)).toBeNull();
    }
  });

  it.each(['', 'u1', 'u1..', 'u2.abc.def', 'garbage', 'u1.a.b.c'])(
    'should refuse the malformed token %j',
    (token) => {
      expect(tokens.verify(token)).toBeNull();
    },
  );

  it('should refuse an overlong token without reading it', () => {
    expect(tokens.verify(`u1.${'x'.repeat(5000)}.y`)).toBeNull();
  });

  it('should refuse a signature whose unused base64 bits were changed', () => {
    const token = tokens.sign(claims);
    const last = token.at(-1)!;
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const sibling = alphabet[alphabet.indexOf(last) ^ 1]!;
    expect(tokens.verify(token.slice(0, -1) + sibling)).toBeNull();
  });

  it('should refuse a token signed with another secret', () => {
    const other = new UnsubscribeTokens('another-secret-that-is-long-enough-98765');
    expect(tokens.verify(other.sign(claims))).toBeNull();
  });

  it('should keep old links working after a key rotation', () => {
    const old = new UnsubscribeTokens('the-previous-secret-that-is-long-enough-42');
    const rotated = new UnsubscribeTokens(SECRET, ['the-previous-secret-that-is-long-enough-42']);
    expect(rotated.verify(old.sign(claims))).toEqual(claims);
  });

  it('should refuse a version it does not know even when signed with its secret', () => {
    const payload = Buffer.from(JSON.stringify({ t: 'a', w: 'b', e: 'c@d.e' })).toString('base64url');
    const sig = createHmac('sha256', SECRET).update(`u0.${payload}`).digest('base64url');
    expect(tokens.verify(`u0.${payload}.${sig}`)).toBeNull();
  });

  it('should refuse a short secret', () => {
    expect(() => new UnsubscribeTokens('short')).toThrow('at least 32 characters');
  });

  it('should build the page URL with the token', () => {
    const url = tokens.url('https://app.example.com/', claims);
    expect(url.startsWith('https://app.example.com/unsubscribe?token=u1.')).toBe(true);
    expect(tokens.verify(new URL(url).searchParams.get('token')!)).toEqual(claims);
  });
});

describe('canReceive', () => {
  it.each([
    ['active', true],
    ['unsubscribed', false],
    ['bounced', false],
  ] as const)('should answer %s → %s', (status, expected) => {
    expect(canReceive({ status })).toBe(expected);
  });
});

describe('unsubscribing', () => {
  function setup() {
    const tokens = new UnsubscribeTokens(SECRET);
    const workers = new FakeWorkerStatusRepo();
    workers.add('tenant-1', { id: 'worker-1', email: 'ana@example.com', crewIds: ['crew-1'] });
    const sites = [
      jobsite({
        id: 'j1',
        name: 'Union Station',
        recipients: { workerIds: ['worker-1'], crewIds: [], notifyClient: false },
      }),
      jobsite({
        id: 'j2',
        name: 'Airport Garage',
        recipients: { workerIds: [], crewIds: ['crew-1'], notifyClient: false },
      }),
      jobsite({ id: 'j3', name: 'Elsewhere' }),
    ];
    const suppressions = new FakeSuppressionList();
    const deps: UnsubscribeDeps = {
      tokens,
      workers,
      suppressions,
      jobsites: { list: async (tenant) => (tenant === tenantFromStore('tenant-1') ? sites : []) },
      accounts: {
        getProfile: async () => ({
          userId: 'tenant-1',
          email: 'boss@example.com',
          name: null,
          company: 'Acme Builders',
          units: 'us',
          createdAt: null,
        }),
      },
      clock: fixedClock,
    };
    return { token: tokens.sign(claims), workers, suppressions, deps };
  }

  it('should describe who the link stands for without changing anything', async () => {
    const { token, workers, deps } = setup();
    await expect(describeUnsubscribe(token, deps)).resolves.toEqual({
      email: 'ana@example.com',
      status: 'active',
      sender: 'Acme Builders',
      jobsiteNames: ['Airport Garage', 'Union Station'],
    });
    expect(workers.statusOf('tenant-1', 'worker-1')).toBe('active');
  });

  it('should mark the worker unsubscribed, and again without error when confirmed twice', async () => {
    const { token, workers, deps } = setup();
    await expect(confirmUnsubscribe(token, deps)).resolves.toMatchObject({ status: 'unsubscribed' });
    await expect(confirmUnsubscribe(token, deps)).resolves.toMatchObject({ status: 'unsubscribed' });
    expect(workers.statusOf('tenant-1', 'worker-1')).toBe('unsubscribed');
  });

  it("should put the address on the account's suppression list and mark its every record there", async () => {
    const { token, workers, suppressions, deps } = setup();
    workers.add('tenant-1', { id: 'worker-2', email: 'ana@example.com' });
    workers.add('tenant-2', { id: 'worker-9', email: 'ana@example.com' });
    await confirmUnsubscribe(token, deps);
    expect(await suppressions.reasonsOf(tenantFromStore('tenant-1'))).toEqual(
      new Map([['ana@example.com', 'unsubscribed']]),
    );
    expect(workers.statusOf('tenant-1', 'worker-2')).toBe('unsubscribed');
    // Another contractor's list is theirs: the link speaks for this account only.
    expect(workers.statusOf('tenant-2', 'worker-9')).toBe('active');
    expect((await suppressions.reasonsOf(tenantFromStore('tenant-2'))).size).toBe(0);
  });

  it('should leave a bounced worker bounced', async () => {
    const { token, workers, deps } = setup();
    workers.workers.get('tenant-1#worker-1')!.status = 'bounced';
    await expect(confirmUnsubscribe(token, deps)).resolves.toMatchObject({ status: 'bounced' });
  });

  it('should not touch a worker whose address changed since the email was sent', async () => {
    const { token, workers, deps } = setup();
    workers.workers.get('tenant-1#worker-1')!.email = 'ana.new@example.com';
    await expect(confirmUnsubscribe(token, deps)).resolves.toMatchObject({
      status: 'unsubscribed',
      jobsiteNames: [],
    });
    expect(workers.statusOf('tenant-1', 'worker-1')).toBe('active');
  });

  it('should refuse a tampered token with a 400-class error naming the token', async () => {
    const { token, deps } = setup();
    await expect(describeUnsubscribe(`${token}x`, deps)).rejects.toBeInstanceOf(ValidationError);
    await expect(confirmUnsubscribe('u1.AAAA.BBBB', deps)).rejects.toMatchObject({ field: 'token' });
  });
});

describe('composeNotice', () => {
  const tokens = new UnsubscribeTokens(SECRET);
  const base = {
    kind: 'notice' as const,
    jobsite: { name: 'Union Station', address: null, timezone: 'America/Denver' },
    clientName: 'Acme Owners',
    date: '2026-03-10',
    verdict: 'full' as const,
    hoursLost: 10,
    rules: [{ reason: 'Rain 0.3 in/h (limit 0.1 in/h)', hours: ['07:00'] }],
    appOrigin: 'https://app.example.com',
    simulated: false,
    tenantId: 'tenant-1',
  };

  it("should give a worker the account's template and their own verified unsubscribe link", () => {
    const message = composeNotice(
      {
        ...base,
        templates: [
          {
            id: 't1',
            name: 'Mine',
            kind: 'notice',
            audience: 'worker',
            subject: 'Stay home: {{jobsite}}',
            body: '{{action}}',
            createdAt: '',
            updatedAt: '',
          },
        ],
        recipient: { audience: 'worker', email: 'ana@example.com', name: 'Ana', workerId: 'worker-1' },
      },
      tokens,
    );
    expect(message.to).toBe('ana@example.com');
    expect(message.subject).toBe('Stay home: Union Station');
    const token = new URL(message.unsubscribeUrl!).searchParams.get('token')!;
    expect(tokens.verify(token)).toEqual(claims);
    expect(message.text).toContain(message.unsubscribeUrl);
  });

  it('should give the client the default client wording and no unsubscribe link', () => {
    const message = composeNotice(
      { ...base, templates: [], recipient: { audience: 'client', email: 'owner@example.com', name: null } },
      tokens,
    );
    expect(message.subject).toBe('Weather day at Union Station – Tue, Mar 10');
    expect(message.unsubscribeUrl).toBeUndefined();
    expect(message.text).toContain('Hello Acme Owners,');
  });
});
