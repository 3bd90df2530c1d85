import type { APIGatewayRequestAuthorizerEventV2 } from 'aws-lambda';
import { testStack } from '../stack';
import { callApi, newAccount, subscribe, type TestAccount } from '../../support/accounts';
import { signIn } from '../../support/cognito';
import { SUPPORT_MESSAGES } from '../../../shared/support';
import { createAuthorizerHandler, type AuthorizerContext } from '../../../lambdas/authorizer/app';
import { createBillingApp } from '../../../lambdas/billing/app';
import { createHolidaysApp } from '../../../lambdas/holidays/app';
import { createCheckoutApp } from '../../../lambdas/checkout/app';
import { liveApiGatewayAuthenticate } from '../../../lambdas/composition/auth.root';
import { createBillingDeps } from '../../../lambdas/composition/billing.root';
import { createHolidaysDeps } from '../../../lambdas/composition/holidays.root';
import { createDataRoot } from '../../../lambdas/composition/data.root';
import { DynamoSupportAccess } from '../../../lambdas/adapters/dynamo/support.repo';
import { liveSupportSession } from '../../../lambdas/core/support/support-access';

/**
 * Issue 22 §7 in AWS's shape: a support session's bearer (`rcs_…`) passes the Lambda authorizer in front
 * of every route, and then the billing, checkout and holidays Lambdas (not only the api Lambda) must
 * know it: their reads answer as the owner's, their writes 403, and each request lands in the owner's
 * log. The Lambdas' apps are built with their AWS authenticator and called with the event API Gateway
 * would hand them (the authorizer's context included), against the stack's table.
 */
const stack = testStack();
const api = (pathname: string, init: Parameters<typeof callApi>[2] = {}) => callApi(stack, pathname, init);

const data = createDataRoot(stack.lambdaConfig);
const authenticate = liveApiGatewayAuthenticate(stack.lambdaConfig, data.clock, data.db);
const billingApp = createBillingApp({ authenticate, billing: createBillingDeps(data) });
const holidaysApp = createHolidaysApp({ authenticate, holidays: createHolidaysDeps(data) });
const checkoutApp = createCheckoutApp({ authenticate, checkout: createBillingDeps(data) });

// The authorizer as its Lambda builds it; no Cognito token is sent here, so the verifier refuses all.
const access = new DynamoSupportAccess(data.db);
const authorizer = createAuthorizerHandler({
  verifyIdToken: async () => null,
  supportSessionIsLive: async (token) =>
    (await liveSupportSession(token, { access, clock: data.clock })) !== null,
});

type LambdaApp = typeof billingApp;

/** One request as API Gateway makes it: the authorizer first (401 when it refuses), then the Lambda. */
async function throughApiGateway(
  app: LambdaApp,
  method: string,
  path: string,
  token: string,
  body?: unknown,
) {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const verdict = await authorizer({ headers } as unknown as APIGatewayRequestAuthorizerEventV2);
  if (!verdict.isAuthorized) return { status: 401, body: null as Record<string, any> | null };
  const lambda: AuthorizerContext = verdict.context;
  const res = await app.request(
    path,
    { method, headers, body: body === undefined ? undefined : JSON.stringify(body) },
    { event: { requestContext: { authorizer: { lambda } } } },
  );
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

let owner: TestAccount;
let session: string;

beforeAll(async () => {
  owner = await newAccount(stack, 'support-lambdas');
  await subscribe(stack, owner, 'premium');
  const grant = await api('/api/account/support-access', {
    method: 'PUT',
    token: owner.token,
    body: { grantHours: 72 },
  });
  expect(grant.status).toBe(200);
  const admin = (await signIn(stack, 'admin@raincheck.local', 'Admin-Passw0rd!')).IdToken;
  const opened = await api('/api/admin/support-sessions', {
    token: admin,
    body: { accountId: owner.userId },
  });
  expect(opened.status).toBe(201);
  session = opened.body.token as string;
});

describe('a support session on the billing, checkout and holidays Lambdas', () => {
  it("should read the owner's subscription and holiday calendar, refuse every write with 403, and log each request", async () => {
    const subscription = await throughApiGateway(billingApp, 'GET', '/api/subscription', session);
    const holidays = await throughApiGateway(holidaysApp, 'GET', '/api/holidays', session);
    const countries = await throughApiGateway(holidaysApp, 'GET', '/api/holidays/countries', session);
    expect([subscription.status, holidays.status, countries.status]).toEqual([200, 200, 200]);
    expect(subscription.body!.subscription).toMatchObject({ plan: 'premium', status: 'active' });

    const writes = await Promise.all([
      throughApiGateway(billingApp, 'POST', '/api/subscription/change', session, {
        subscriptionId: subscription.body!.subscription.id,
        plan: 'basic',
        billingCycle: 'monthly',
      }),
      throughApiGateway(billingApp, 'POST', '/api/consolidated/stripe/create-portal-session', session, {}),
      throughApiGateway(holidaysApp, 'PUT', '/api/holidays', session, { country: 'US', days: [] }),
      throughApiGateway(checkoutApp, 'POST', '/api/consolidated/stripe/create-checkout-session', session, {
        userId: owner.userId,
        email: owner.email,
        plan: 'enterprise',
        billingCycle: 'monthly',
      }),
    ]);
    expect(writes.map((w) => w.status)).toEqual([403, 403, 403, 403]);
    expect(writes[0]!.body!.error).toBe(SUPPORT_MESSAGES.readOnlySession);
    expect((await api('/api/subscription', { token: owner.token })).body.subscription.plan).toBe('premium');

    const log = await api('/api/account/support-access/log', { token: owner.token });
    expect(log.body.entries).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'request', method: 'GET', path: '/api/subscription' }),
        expect.objectContaining({ kind: 'request', method: 'GET', path: '/api/holidays' }),
        expect.objectContaining({ kind: 'refused-write', method: 'POST', path: '/api/subscription/change' }),
        expect.objectContaining({ kind: 'refused-write', method: 'PUT', path: '/api/holidays' }),
      ]),
    );
  });

  it('should refuse a forged support token with 401 at the authorizer', async () => {
    const forged = await throughApiGateway(billingApp, 'GET', '/api/subscription', `rcs_${'B'.repeat(43)}`);
    expect(forged.status).toBe(401);
  });
});
