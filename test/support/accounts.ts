import { registerUser, signIn, uniqueEmail } from './cognito';
import type { TestStackInfo } from './stack-process';
import { payWithTestCard, type SandboxAccess } from '../../local/stripe-sandbox/control-client';

export interface TestAccount {
  email: string;
  password: string;
  token: string;
  userId: string;
}

export interface ApiResult {
  status: number;
  body: any;
  text: string;
  headers: Headers;
}

export interface ApiCallInit {
  method?: string;
  token?: string;
  body?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
}

/** A request as the SPA sends it: a JSON body with its content type, the ID token as bearer. */
export function spaRequest(init: ApiCallInit): RequestInit {
  const hasBody = init.body !== undefined || init.rawBody !== undefined;
  return {
    method: init.method ?? (hasBody ? 'POST' : 'GET'),
    headers: {
      ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...init.headers,
    },
    body: init.rawBody ?? (init.body !== undefined ? JSON.stringify(init.body) : undefined),
  };
}

/** The answer read as the SPA reads it: the JSON body (null when there is none or it is not JSON). */
export async function apiResult(res: Response): Promise<ApiResult> {
  const text = await res.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  return { status: res.status, body, text, headers: res.headers };
}

/** One call to the local API as the SPA makes it: JSON in and out, the ID token as bearer. */
export async function callApi(
  stack: TestStackInfo,
  pathname: string,
  init: ApiCallInit = {},
): Promise<ApiResult> {
  return apiResult(await fetch(`${stack.appUrl}${pathname}`, spaRequest(init)));
}

/**
 * `callApi` bound to one stack: the `api(pathname, init)` of a test file, with `api.put(account,
 * pathname, body)` for the saves a form makes.
 */
export function apiFor(stack: TestStackInfo) {
  const api = (pathname: string, init: ApiCallInit = {}) => callApi(stack, pathname, init);
  return Object.assign(api, {
    put: (account: { token: string }, pathname: string, body: unknown) =>
      callApi(stack, pathname, { method: 'PUT', token: account.token, body }),
  });
}

/** A new, confirmed and signed-in account. */
export async function newAccount(stack: TestStackInfo, prefix: string): Promise<TestAccount> {
  const email = uniqueEmail(prefix);
  const password = 'Records-Passw0rd';
  await registerUser(stack, email, password);
  const { IdToken } = await signIn(stack, email, password);
  const me = await callApi(stack, '/api/me', { token: IdToken });
  return { email, password, token: IdToken, userId: me.body.profile.userId as string };
}

/** The test stack's payments sandbox and its control token (the tests need the sandbox). */
export function sandboxAccess(stack: TestStackInfo): SandboxAccess {
  if (!stack.stripeSandboxUrl || !stack.stripeSandboxToken)
    throw new Error('These tests need the local payments sandbox: unset STRIPE_SECRET_KEY to run them.');
  return { url: stack.stripeSandboxUrl, token: stack.stripeSandboxToken };
}

/** Buys a plan through the local payments sandbox (the real checkout route, the real webhook). */
export async function subscribe(
  stack: TestStackInfo,
  account: TestAccount,
  plan: 'basic' | 'premium' | 'enterprise',
  billingCycle: 'monthly' | 'annual' = 'monthly',
): Promise<void> {
  const session = await callApi(stack, '/api/consolidated/stripe/create-checkout-session', {
    token: account.token,
    body: { userId: account.userId, email: account.email, plan, billingCycle },
  });
  if (session.status !== 200) throw new Error(`Checkout failed: ${session.text}`);
  const paid = await payWithTestCard(sandboxAccess(stack), session.body.sessionId);
  if (paid.status !== 200) throw new Error(`Sandbox payment failed: ${JSON.stringify(paid.body)}`);
  await untilSubscription(
    stack,
    account,
    (s) => s?.plan === plan && s?.status === 'active',
    `The ${plan} subscription never became active`,
  );
}

/** Reads /api/me until its subscription passes `landed`; throws `never` after 10 s (the webhook is late). */
async function untilSubscription(
  stack: TestStackInfo,
  account: TestAccount,
  landed: (subscription: { plan?: string; status?: string } | undefined) => boolean,
  never: string,
): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!landed((await callApi(stack, '/api/me', { token: account.token })).body?.subscription)) {
    if (Date.now() > deadline) throw new Error(never);
    await new Promise((r) => setTimeout(r, 150));
  }
}

/**
 * Moves a subscribed account to another plan as the subscription page does (preview, then change
 * with the preview's proration date), and waits until /api/me reads the new plan.
 */
export async function changePlan(
  stack: TestStackInfo,
  account: TestAccount,
  plan: 'basic' | 'premium' | 'enterprise',
): Promise<void> {
  const me = (pathname: string, body?: unknown) => callApi(stack, pathname, { token: account.token, body });
  const subscriptionId = (await me('/api/me')).body.subscription.id;
  const change = { subscriptionId, plan, billingCycle: 'monthly' };
  const preview = await me('/api/subscription/preview-change', change);
  const changed = await me('/api/subscription/change', {
    ...change,
    prorationDate: preview.body.prorationDate,
  });
  expect(changed.status).toBe(200);
  await untilSubscription(stack, account, (s) => s?.plan === plan, 'The plan change never landed');
}

/** A new account that bought `plan` through the sandbox (the real checkout and webhook). */
export async function accountOnPlan(
  stack: TestStackInfo,
  prefix: string,
  plan: 'basic' | 'premium' | 'enterprise',
): Promise<TestAccount> {
  const account = await newAccount(stack, prefix);
  await subscribe(stack, account, plan);
  return account;
}
