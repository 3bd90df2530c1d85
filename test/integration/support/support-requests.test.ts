import { testStack } from '../stack';
import { apiFor, newAccount, subscribe, type TestAccount } from '../../support/accounts';
import { seededAdminToken } from '../../support/cognito';
import { mailTo } from '../../support/mailbox';

/** Support requests end to end: the routes, the table, the SES emulator's mailbox. */
const stack = testStack();
const api = apiFor(stack);

let admin: string;
let customer: TestAccount;

beforeAll(async () => {
  admin = await seededAdminToken(stack);
  customer = await newAccount(stack, 'support-customer');
});

async function waitForMail(address: string, subject: RegExp) {
  const deadline = Date.now() + 5000;
  for (;;) {
    const found = (await mailTo(stack, address)).find((m) => subject.test(m.subject));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`No email "${subject}" to ${address}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('support requests', () => {
  it('should confirm a request by email, email the admin reply and show it in the thread', async () => {
    const sent = await api('/api/support/requests', {
      token: customer.token,
      body: { subject: 'Notices stopped', body: 'No delay notice came this morning.', page: '/jobsites/abc' },
    });
    expect(sent.status).toBe(201);
    const id = sent.body.id as string;

    const confirmation = await waitForMail(
      customer.email,
      /We received your support request: Notices stopped/,
    );
    expect(confirmation.body.text).toContain('No delay notice came this morning.');
    expect(confirmation.body.text).toContain(`/support/${id}`);

    const listed = await api('/api/support/requests', { token: customer.token });
    expect(listed.body.requests).toEqual([
      expect.objectContaining({ id, subject: 'Notices stopped', page: '/jobsites/abc', status: 'open' }),
    ]);

    const reply = await api(`/api/admin/support/requests/${id}/replies`, {
      token: admin,
      body: { body: 'Your plan lapsed on Monday; renew on /subscription.' },
    });
    expect(reply.status).toBe(201);
    const answer = await waitForMail(customer.email, /^Re: Notices stopped$/);
    expect(answer.body.text).toContain('Your plan lapsed on Monday');

    const thread = await api(`/api/support/requests/${id}`, { token: customer.token });
    expect(thread.status).toBe(200);
    expect(thread.body).toMatchObject({ status: 'answered', body: 'No delay notice came this morning.' });
    expect(thread.body.firstResponseAt).toEqual(expect.any(String));
    expect(thread.body.messages).toEqual([
      expect.objectContaining({
        author: 'support',
        body: 'Your plan lapsed on Monday; renew on /subscription.',
      }),
    ]);

    const again = await api(`/api/support/requests/${id}/replies`, {
      token: customer.token,
      body: { body: 'Renewed, thanks.' },
    });
    expect(again.status).toBe(201);
    const reopened = await api(`/api/support/requests/${id}`, { token: customer.token });
    expect(reopened.body.status).toBe('open');
    expect(reopened.body.messages.map((m: { author: string }) => m.author)).toEqual(['support', 'customer']);
  });

  it('should answer 400 naming the field when the subject is missing or the page is not an app path', async () => {
    const noSubject = await api('/api/support/requests', {
      token: customer.token,
      body: { subject: ' ', body: 'x', page: '/dashboard' },
    });
    expect(noSubject.status).toBe(400);
    expect(noSubject.body.fields).toHaveProperty('subject');
    const badPage = await api('/api/support/requests', {
      token: customer.token,
      body: { subject: 'Hi', body: 'x', page: 'https://evil.example' },
    });
    expect(badPage.status).toBe(400);
    expect(badPage.body.fields).toHaveProperty('page');
  });

  it("should keep one account's requests from another (404 for its id)", async () => {
    const other = await newAccount(stack, 'support-other');
    const mine = await api('/api/support/requests', {
      token: customer.token,
      body: { subject: 'Private', body: 'Mine only', page: '/settings' },
    });
    expect((await api(`/api/support/requests/${mine.body.id}`, { token: other.token })).status).toBe(404);
    expect(
      (
        await api(`/api/support/requests/${mine.body.id}/replies`, {
          token: other.token,
          body: { body: 'hi' },
        })
      ).status,
    ).toBe(404);
    expect((await api('/api/support/requests', { token: other.token })).body.requests).toEqual([]);
  });

  it('should create one request when the same submit is repeated with its Idempotency-Key', async () => {
    const someone = await newAccount(stack, 'support-repeat');
    const headers = { 'idempotency-key': `support-${Date.now()}` };
    const body = { subject: 'Twice', body: 'Clicked twice', page: '/dashboard' };
    const [a, b] = await Promise.all([
      api('/api/support/requests', { token: someone.token, body, headers }),
      api('/api/support/requests', { token: someone.token, body, headers }),
    ]);
    const created = [a, b].filter((r) => r.status === 201);
    expect(created.length).toBeGreaterThanOrEqual(1);
    expect((await api('/api/support/requests', { token: someone.token })).body.requests).toHaveLength(1);
  });

  it('should refuse the queue and admin replies with 403 to a customer', async () => {
    expect((await api('/api/admin/support/requests', { token: customer.token })).status).toBe(403);
    expect(
      (await api('/api/admin/support/requests/x/replies', { token: customer.token, body: { body: 'hi' } }))
        .status,
    ).toBe(403);
  });

  it('should order an Enterprise request before an older Basic one, with a time left per plan', async () => {
    const basic = await newAccount(stack, 'support-basic');
    const enterprise = await newAccount(stack, 'support-enterprise');
    await Promise.all([subscribe(stack, basic, 'basic'), subscribe(stack, enterprise, 'enterprise')]);
    const older = await api('/api/support/requests', {
      token: basic.token,
      body: { subject: 'Basic question', body: 'x', page: '/dashboard' },
    });
    const newer = await api('/api/support/requests', {
      token: enterprise.token,
      body: { subject: 'Enterprise question', body: 'y', page: '/dashboard' },
    });

    const queue = await api('/api/admin/support/requests', { token: admin });
    expect(queue.status).toBe(200);
    const ids = queue.body.requests.map((r: { id: string }) => r.id);
    expect(ids.indexOf(newer.body.id)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(newer.body.id)).toBeLessThan(ids.indexOf(older.body.id));
    const byId = Object.fromEntries(queue.body.requests.map((r: { id: string }) => [r.id, r]));
    const hoursTo = (r: { createdAt: string; respondBy: string }) =>
      (Date.parse(r.respondBy) - Date.parse(r.createdAt)) / 3_600_000;
    expect(byId[newer.body.id]).toMatchObject({ plan: 'enterprise', prioritySupport: true });
    expect(hoursTo(byId[newer.body.id])).toBe(4);
    expect(hoursTo(byId[older.body.id])).toBe(48);
  });

  it('should assign a request to an admin and move it to the closed queue when closed', async () => {
    const sent = await api('/api/support/requests', {
      token: customer.token,
      body: { subject: 'Close me', body: 'z', page: '/dashboard' },
    });
    const id = sent.body.id as string;
    const assigned = await api(`/api/admin/support/requests/${id}`, {
      method: 'PATCH',
      token: admin,
      body: { assignee: 'admin@raincheck.local' },
    });
    expect(assigned.body).toMatchObject({ assignee: 'admin@raincheck.local', status: 'open' });
    const closed = await api(`/api/admin/support/requests/${id}`, {
      method: 'PATCH',
      token: admin,
      body: { status: 'closed' },
    });
    expect(closed.body.status).toBe('closed');
    const open = await api('/api/admin/support/requests', { token: admin });
    expect(open.body.requests.map((r: { id: string }) => r.id)).not.toContain(id);
    const closedQueue = await api('/api/admin/support/requests?status=closed', { token: admin });
    expect(closedQueue.body.requests.map((r: { id: string }) => r.id)).toContain(id);
    const refused = await api(`/api/support/requests/${id}/replies`, {
      token: customer.token,
      body: { body: 'more' },
    });
    expect(refused.status).toBe(409);
  });
});
