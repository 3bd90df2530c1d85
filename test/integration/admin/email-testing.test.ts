import { testStack } from '../stack';
import { callApi, newAccount, subscribe, type TestAccount } from '../../support/accounts';
import { signIn } from '../../support/cognito';

/**
 * The admin's email testing through the running stack: the route, the real renderer and SES mailer,
 * and the SES emulator's store.
 */
const stack = testStack();
const api = (pathname: string, init: Parameters<typeof callApi>[2] = {}) => callApi(stack, pathname, init);

interface StoredEmail {
  messageId: string;
  destination: { to: string[] };
  subject: string;
  body: { text?: string; html?: string };
  headers?: { name: string; value: string }[];
}

async function stored(messageId: string): Promise<StoredEmail | undefined> {
  const res = await fetch(`${stack.mailboxUrl}/store`);
  const store = (await res.json()) as { emails: StoredEmail[] };
  return store.emails.find((e) => e.messageId === messageId);
}

let admin: string;
let contractor: TestAccount;
const to = `tester-${Date.now()}@example.com`;
const sample = {
  jobsiteName: 'Harbor Crane Pad',
  date: '2026-12-02',
  verdict: 'full',
  reason: 'Gusts up to 56 mph (crane limit 30 mph)',
  hoursLost: 10,
  start: '07:00',
  end: '17:00',
};

beforeAll(async () => {
  admin = (await signIn(stack, 'admin@raincheck.local', 'Admin-Passw0rd!')).IdToken;
  contractor = await newAccount(stack, 'email-testing');
});

describe('admin email testing', () => {
  it('should refuse a contractor with 403', async () => {
    const res = await api('/api/admin/email-testing/send', {
      token: contractor.token,
      body: { template: 'default', kind: 'notice', to, sample },
    });
    expect(res.status).toBe(403);
    expect(
      await api('/api/admin/email-testing/preview', {
        token: contractor.token,
        body: { template: 'default' },
      }),
    ).toMatchObject({ status: 403 });
  });

  it('should answer 400 naming the field when the address is not an email', async () => {
    const res = await api('/api/admin/email-testing/send', {
      token: admin,
      body: { template: 'default', kind: 'notice', to: 'not-an-address', sample },
    });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('to');
  });

  it('should send the default notice with the sample data through SES, with the unsubscribe headers', async () => {
    const res = await api('/api/admin/email-testing/send', {
      token: admin,
      body: { template: 'default', kind: 'notice', audience: 'worker', to, sample },
    });
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ to, messageId: expect.any(String) });
    const mail = await stored(res.body.messageId);
    expect(mail?.destination.to).toEqual([to]);
    expect(mail?.subject).toBe('[Test] Full-day delay at Harbor Crane Pad – Wed, Dec 2');
    expect(mail?.body.text).toContain('Gusts up to 56 mph (crane limit 30 mph)');
    expect(mail?.headers?.map((h) => h.name)).toEqual(['List-Unsubscribe', 'List-Unsubscribe-Post']);
  });

  it('should preview exactly what it sends', async () => {
    const preview = await api('/api/admin/email-testing/preview', {
      token: admin,
      body: { template: 'default', kind: 'allClear', audience: 'manager', sample },
    });
    expect(preview.status).toBe(200);
    expect(preview.body.subject).toContain('All clear');
    expect(preview.body.text).toContain('Harbor Crane Pad');
  });

  it("should send an account's own template by id, and an account email", async () => {
    await subscribe(stack, contractor, 'premium');
    const created = await api('/api/email-templates', {
      token: contractor.token,
      body: {
        name: 'Crew notice',
        kind: 'notice',
        audience: 'worker',
        subject: 'Heads up: {{jobsite}} on {{date}}',
        body: 'Stand down at {{jobsite}}: {{reason}}',
      },
    });
    expect(created.status).toBe(201);
    const custom = await api('/api/admin/email-testing/send', {
      token: admin,
      body: { template: 'custom', tenantId: contractor.userId, templateId: created.body.id, to, sample },
    });
    expect(custom.status).toBe(202);
    const mail = await stored(custom.body.messageId);
    expect(mail?.subject).toMatch(/^\[Test\] Heads up: Harbor Crane Pad on /);
    expect(mail?.body.text).toContain('Stand down at Harbor Crane Pad');

    const account = await api('/api/admin/email-testing/send', {
      token: admin,
      body: { template: 'passwordChanged', to },
    });
    expect(account.status).toBe(202);
    expect((await stored(account.body.messageId))?.subject).toBe(
      '[Test] Your Raincheck password was changed',
    );
  });

  it('should answer 404 for a template id the account does not have', async () => {
    const res = await api('/api/admin/email-testing/send', {
      token: admin,
      body: { template: 'custom', tenantId: contractor.userId, templateId: 'nope', to, sample },
    });
    expect(res.status).toBe(404);
  });
});
