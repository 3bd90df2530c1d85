import fs from 'node:fs';
import path from 'node:path';
import { testStack } from '../stack';
import { eventually } from '../../support/eventually';
import { callApi, newAccount, sandboxAccess, subscribe, type TestAccount } from '../../support/accounts';
import { seededAdminToken } from '../../support/cognito';
import { MESSAGES } from '../../../shared/messages';
import { EMAIL_EVENTS_SECRET_HEADER } from '../../../lambdas/routes/email-events.routes';
import { sandboxControl } from '../../../local/stripe-sandbox/control-client';

/**
 * The admin money routes against the embedded stack: the MRR series, lists, delivery health and
 * reports move with purchases, cancellations and SES events exactly as docs/metrics.md says. Other
 * files share the stack, so the tests compare before and after, never absolutes.
 */
const stack = testStack();

let admin: string;
let contractor: TestAccount;

beforeAll(async () => {
  // One after the other: cognito-local writes its pool file unsafely under overlapping requests.
  contractor = await newAccount(stack, 'money');
  admin = await seededAdminToken(stack);
});

async function adminGet(pathname: string) {
  const res = await callApi(stack, pathname, { token: admin });
  expect(res.status).toBe(200);
  return res;
}

/** `read()` once `moved` holds (webhooks land asynchronously), or the last read after 10 s. */
const when = <T>(read: () => Promise<T>, moved: (v: T) => boolean) => eventually(read, moved, 10_000);

const series = async () =>
  (await adminGet('/api/admin/revenue')).body.months as { month: string; mrr: number; revenue: number }[];
const metrics = async () => (await adminGet('/api/admin/metrics')).body;
const current = (months: { month: string; mrr: number; revenue: number }[]) => months[months.length - 1]!;

/** What the app answers for a path no route declares (lambdas/http/kit.ts). */
const ROUTE_NOT_FOUND = JSON.stringify({ error: 'Not found' });

/** Every `/api/admin/...` route the API declares, with its method, read from the route modules. */
function declaredAdminRoutes(): { method: string; path: string }[] {
  const dir = path.join(__dirname, '../../../lambdas/routes');
  const routes: { method: string; path: string }[] = [];
  // Every route module, those in sub-folders (the public API's routes/v1) too.
  const files = (fs.readdirSync(dir, { recursive: true }) as string[]).filter((f) => f.endsWith('.ts'));
  for (const file of files) {
    const source = fs.readFileSync(path.join(dir, file), 'utf8');
    for (const m of source.matchAll(/\.(get|post|put|patch|delete)\(\s*'(\/api\/admin\/[^'*]+)'/g))
      routes.push({
        method: m[1]!.toUpperCase(),
        path: m[2]!.replace(':file', 'users.csv').replace(/:(\w+)/g, 'x'),
      });
  }
  return routes;
}

describe('admin routes', () => {
  it('should answer 403 to a non-admin on every admin route the API declares', async () => {
    const routes = declaredAdminRoutes();
    // The walk reads the route modules: it must find at least the routes known today.
    expect(routes.map((r) => r.path)).toEqual(
      expect.arrayContaining([
        '/api/admin/metrics',
        '/api/admin/revenue',
        '/api/admin/subscriptions',
        '/api/admin/invoices',
        '/api/admin/email-health',
        '/api/admin/reports/users.csv',
        '/api/admin/dispatch/run',
        '/api/admin/dispatch/runs',
        '/api/admin/weather/evaluate',
        '/api/admin/weather/forecast',
      ]),
    );
    for (const route of routes) {
      const body = route.method === 'GET' ? undefined : {};
      const asContractor = await callApi(stack, route.path, {
        method: route.method,
        token: contractor.token,
        body,
      });
      expect({ ...route, status: asContractor.status }).toEqual({ ...route, status: 403 });
      expect(asContractor.text).toContain(MESSAGES.permissionDenied);
      // The route exists: an admin is let through (to validation, or to "no such user" for an id, at worst).
      const asAdmin = await callApi(stack, route.path, { method: route.method, token: admin, body });
      expect({ ...route, status: asAdmin.status }).not.toEqual({ ...route, status: 403 });
      if (asAdmin.status === 404)
        expect({ ...route, body: asAdmin.text }).not.toEqual({ ...route, body: ROUTE_NOT_FOUND });
    }
  });
});

describe('GET /api/admin/revenue', () => {
  it('should list the last 12 UTC months, ending with this one at the metrics MRR', async () => {
    const [months, m] = await Promise.all([series(), metrics()]);
    expect(months).toHaveLength(12);
    const now = new Date();
    expect(current(months).month).toBe(
      `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, '0')}`,
    );
    expect(current(months).mrr).toBe(m.subscriptionAnalytics.mrr);
    expect(current(months).revenue).toBe(m.billingSummary.currentMonthRevenue);
  });

  it('should add 4,799 of MRR and 57,590 of revenue to this month when a Premium annual plan is bought, and take the MRR off when it is canceled', async () => {
    const before = current(await series());
    const buyer = await newAccount(stack, 'money-annual');
    await subscribe(stack, buyer, 'premium', 'annual');
    const bought = current(
      await when(series, (s) => current(s).mrr !== before.mrr && current(s).revenue !== before.revenue),
    );
    expect(bought.mrr - before.mrr).toBe(4_799);
    expect(bought.revenue - before.revenue).toBe(57_590);

    const me = await callApi(stack, '/api/me', { token: buyer.token });
    await sandbox(`/__sandbox/subscriptions/${me.body.subscription.id}/cancel`);
    const canceled = current(await when(series, (s) => current(s).mrr !== bought.mrr));
    expect(canceled.mrr - bought.mrr).toBe(-4_799);
    // Revenue already collected stays.
    expect(canceled.revenue).toBe(bought.revenue);
    expect(canceled.mrr).toBe((await metrics()).subscriptionAnalytics.mrr);
  });
});

async function sandbox(pathname: string) {
  expect((await sandboxControl(sandboxAccess(stack), pathname)).status).toBe(200);
}

describe('GET /api/admin/revenue through a renewal and a failed payment', () => {
  it('should add a renewal to the revenue of this month but not to MRR, and keep a past-due subscription in MRR', async () => {
    const price = 2999; // Basic monthly
    const before = current(await series());
    const buyer = await newAccount(stack, 'money-renew');
    await subscribe(stack, buyer, 'basic', 'monthly');
    const start = current(
      await when(
        series,
        (s) => current(s).revenue - before.revenue >= price && current(s).mrr !== before.mrr,
      ),
    );
    expect(start.mrr - before.mrr).toBe(price);
    expect(start.revenue - before.revenue).toBe(price);
    const id = (await callApi(stack, '/api/me', { token: buyer.token })).body.subscription.id as string;

    await sandbox(`/__sandbox/subscriptions/${id}/renew`);
    const renewed = current(await when(series, (s) => current(s).revenue !== start.revenue));
    expect(renewed.revenue - start.revenue).toBe(price);
    expect(renewed.mrr).toBe(start.mrr);

    await sandbox(`/__sandbox/subscriptions/${id}/fail-payment`);
    const failed = await when(metrics, (m) => m.billingSummary.failedInvoices > 0);
    expect(failed.billingSummary.failedInvoices).toBeGreaterThan(0);
    const afterFail = current(await series());
    expect(afterFail.mrr).toBe(renewed.mrr);
    expect(afterFail.revenue).toBe(renewed.revenue);
    expect(afterFail.mrr).toBe(failed.subscriptionAnalytics.mrr);
  });
});

describe('GET /api/admin/subscriptions and /api/admin/invoices', () => {
  let buyer: TestAccount;
  beforeAll(async () => {
    buyer = await newAccount(stack, 'money-list');
    await subscribe(stack, buyer, 'premium', 'annual');
  });

  it('should list the buyer with email, plan, cycle, status and amount, and filter by plan and status', async () => {
    const find = async (query: string) => {
      const res = await adminGet(`/api/admin/subscriptions?pageSize=100&${query}`);
      return (res.body.items as any[]).find((r) => r.email === buyer.email);
    };
    const row = await when(
      () => find('plan=premium&status=active'),
      (r) => !!r,
    );
    expect(row).toMatchObject({
      plan: 'premium',
      billingCycle: 'annual',
      status: 'active',
      cancelAtPeriodEnd: false,
      amount: 57_590,
    });
    expect(typeof row.currentPeriodEnd).toBe('string');
    expect(await find('plan=basic')).toBeUndefined();
    expect(await find('status=canceled')).toBeUndefined();
  });

  it('should page the subscriptions and refuse an unknown filter', async () => {
    const page = await adminGet('/api/admin/subscriptions?page=1&pageSize=1');
    expect(page.body).toMatchObject({ page: 1, pageSize: 1 });
    expect(page.body.items).toHaveLength(1);
    expect(page.body.total).toBeGreaterThanOrEqual(1);
    const bad = await callApi(stack, '/api/admin/subscriptions?plan=gold', { token: admin });
    expect(bad.status).toBe(400);
  });

  it('should list the paid invoice of the buyer of 57,590 cents under paid and not under failed', async () => {
    const find = async (state: string) =>
      ((await adminGet(`/api/admin/invoices?pageSize=100&state=${state}`)).body.items as any[]).find(
        (r) => r.email === buyer.email,
      );
    const paid = await when(
      () => find('paid'),
      (r) => !!r,
    );
    expect(paid).toMatchObject({ amount: 57_590, state: 'paid' });
    expect(await find('failed')).toBeUndefined();
  });
});

describe('GET /api/admin/email-health', () => {
  it('should count a sent email and a hard bounce in the last 30 days', async () => {
    const before = (await adminGet('/api/admin/email-health')).body;
    const sent = await callApi(stack, '/api/email/test', { token: contractor.token, body: {} });
    expect(sent.status).toBe(202);
    const event = await callApi(stack, '/api/email-events', {
      body: {
        eventType: 'Bounce',
        bounce: {
          bounceType: 'Permanent',
          bouncedRecipients: [{ emailAddress: `gone-${Date.now()}@example.com` }],
        },
        mail: { messageId: 'admin-money-test' },
      },
      headers: { [EMAIL_EVENTS_SECRET_HEADER]: stack.emailEventsSecret },
    });
    expect(event.status).toBe(200);
    const after = (await adminGet('/api/admin/email-health')).body;
    expect(after.sent - before.sent).toBe(1);
    expect(after.bounced - before.bounced).toBe(1);
    expect(after.bounceRate).toBe(Math.round((after.bounced / after.sent) * 10000) / 100);
    expect(['ok', 'warning', 'at-risk']).toContain(after.state);
  });
});

describe('GET /api/admin/reports/{name}.csv', () => {
  it('should download each table as CSV with a header row, the buyer in the subscriptions, and money in dollars', async () => {
    const buyer = await newAccount(stack, 'money-csv');
    await subscribe(stack, buyer, 'basic', 'monthly');
    const subs = await when(
      async () => (await adminGet('/api/admin/reports/subscriptions.csv')).text,
      (t) => t.includes(buyer.email),
    );
    const lines = subs.split('\r\n');
    expect(lines[0]).toBe(
      'subscription id,owner id,email,plan,billing cycle,status,cancel at period end,current period end,amount (USD),created at',
    );
    const row = lines.find((l) => l.includes(buyer.email))!;
    expect(row).toContain(',basic,monthly,active,no,');
    expect(row).toContain(',29.99,');

    const users = await adminGet('/api/admin/reports/users.csv');
    expect(users.headers.get('content-type')).toContain('text/csv');
    expect(users.headers.get('content-disposition')).toMatch(/attachment; filename="raincheck-users-/);
    expect(users.text.split('\r\n')[0]).toBe(
      'user id,email,name,company,created at,plan,subscription status',
    );
    expect(users.text).toContain(buyer.email);

    const invoices = await adminGet('/api/admin/reports/invoices.csv');
    expect(invoices.text.split('\r\n')[0]).toBe(
      'invoice id,invoice number,date,owner id,email,description,state,amount (USD)',
    );
    const runs = await adminGet('/api/admin/reports/dispatch-runs.csv');
    expect(runs.text.split('\r\n')[0]).toMatch(/^run id,started at,slot start,trigger,/);

    expect((await callApi(stack, '/api/admin/reports/secrets.csv', { token: admin })).status).toBe(404);
  });
});
