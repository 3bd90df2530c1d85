import fc from 'fast-check';
import { SANDBOX_TOKEN_HEADER } from '../../../local/stripe-sandbox/sandbox-secrets';
import { callApi, newAccount, sandboxAccess, subscribe } from '../../support/accounts';
import { nastyString } from '../../support/nasty-text';
import { rawHttp, type RawHttpAnswer } from '../../support/raw-http';
import { testStack } from '../stack';
import { leaks } from './proxy-client';

/**
 * Issue 18, Done-when: the payments sandbox under malformed bodies. Its `/v1` API (form-encoded, as
 * Stripe's) and its control routes (JSON) get bad encodings, huge and deeply nested bodies and strange
 * unicode from a caller that holds the right key or token: the body is what is wrong, so the answer is
 * a 4xx in Stripe's error shape (or a 2xx where the body happens to be valid), never a 5xx, HTML, a
 * stack trace or a path.
 */
const stack = testStack();
const access = sandboxAccess(stack);

interface Target {
  /** `{sub}` and `{session}` stand for this file's subscription and open checkout session. */
  path: string;
  fields: readonly string[];
}

let subscriptionId = '';
let openSessionId = '';

beforeAll(async () => {
  const subscriber = await newAccount(stack, 'sandbox-junk');
  await subscribe(stack, subscriber, 'basic');
  subscriptionId = (await callApi(stack, '/api/me', { token: subscriber.token })).body.subscription.id;
  const buyer = await newAccount(stack, 'sandbox-junk-open');
  const session = await callApi(stack, '/api/consolidated/stripe/create-checkout-session', {
    token: buyer.token,
    body: { userId: buyer.userId, email: buyer.email, plan: 'basic', billingCycle: 'monthly' },
  });
  openSessionId = session.body.sessionId;
});

const API_TARGETS: Target[] = [
  { path: '/v1/customers', fields: ['email', 'name', 'metadata'] },
  {
    path: '/v1/checkout/sessions',
    fields: ['mode', 'line_items', 'customer', 'success_url', 'cancel_url', 'metadata', 'subscription_data'],
  },
  {
    path: '/v1/subscriptions/{sub}',
    fields: ['items', 'proration_behavior', 'proration_date', 'cancel_at_period_end', 'expand'],
  },
  {
    path: '/v1/invoices/create_preview',
    fields: ['subscription', 'subscription_details', 'expand'],
  },
  { path: '/v1/billing_portal/sessions', fields: ['customer', 'return_url'] },
];

/** No numbers among a fault's values: a valid fault would make other test files' API calls fail. */
const CONTROL_TARGETS: (Target & { numbers: boolean })[] = [
  {
    path: '/__sandbox/checkout/{session}/pay',
    fields: ['cardNumber', 'expMonth', 'expYear', 'cvc', 'email', 'deliver'],
    numbers: true,
  },
  {
    path: '/__sandbox/subscriptions/{sub}/renew',
    fields: ['deliver', 'invoiceDescription'],
    numbers: true,
  },
  {
    path: '/__sandbox/subscriptions/{sub}/fail-payment',
    fields: ['deliver'],
    numbers: true,
  },
  { path: '/__sandbox/events/evt_unknown/resend', fields: ['deliver'], numbers: true },
  // Last: every case after it would find the subscription canceled.
  {
    path: '/__sandbox/subscriptions/{sub}/cancel',
    fields: ['deliver'],
    numbers: true,
  },
  {
    path: '/__sandbox/faults',
    fields: ['method', 'pathPrefix', 'status', 'times'],
    numbers: false,
  },
];

const nastyText = nastyString({ extra: ['%'], plain: ['a', 'Z', '1', '@', '[', ']'] });
const huge = fc.constantFrom(70_000, 300_000, 1_100_000).map((n) => 'u'.repeat(n));

interface Body {
  raw: string;
}
/** Counterexamples print short: a 1 MB body in a failure message helps nobody. */
function short(raw: string): Body {
  const shown = raw.length > 120 ? `${raw.slice(0, 100)}… (${raw.length} chars)` : raw;
  return { raw, [fc.toStringMethod]: () => JSON.stringify(shown) } as Body;
}

/** Form bodies: bracket keys of the route's fields nested deep, odd values, broken percent-encoding. */
function formBodies(target: Target): fc.Arbitrary<Body> {
  const field = fc.constantFrom(...target.fields);
  const key = fc.oneof(
    field,
    nastyText,
    fc.tuple(field, nastyText).map(([f, k]) => `${f}[${k}]`),
    fc.tuple(field, fc.integer({ min: 50, max: 3000 })).map(([f, d]) => `${f}${'[0]'.repeat(d)}`),
  );
  const value = fc.oneof(nastyText, fc.string({ unit: 'binary', maxLength: 60 }), huge);
  return fc
    .oneof(
      fc
        .array(fc.tuple(key, value), { minLength: 1, maxLength: 4 })
        .map((pairs) => new URLSearchParams(pairs).toString()),
      fc.string({ unit: 'binary', maxLength: 200 }),
      fc.constantFrom('%', '%zz', 'a=%ED%A0%80', 'a[=1', ']]]=[[[', '&&&=&', '{"email":"x"}'),
      huge.map((u) => `${target.fields[0]}=${u}`),
    )
    .map(short);
}

/** JSON bodies: not JSON, the wrong type, the route's fields with junk in them, deep, huge. */
function jsonBodies(target: (typeof CONTROL_TARGETS)[number]): fc.Arbitrary<Body> {
  const junk = fc.oneof(
    nastyText,
    fc.string({ unit: 'binary', maxLength: 60 }),
    fc.constant(null),
    fc.jsonValue({ maxDepth: 4 }).filter((v) => typeof v === 'object'),
    ...(target.numbers ? [fc.integer(), fc.double(), fc.boolean()] : []),
  );
  return fc
    .oneof(
      fc.string({ unit: 'binary', maxLength: 200 }).map((s) => `{${s}`),
      fc
        .oneof(fc.integer(), fc.string(), fc.array(fc.jsonValue(), { maxLength: 3 }))
        .map((v) => JSON.stringify(v)),
      fc
        .dictionary(fc.constantFrom(...target.fields), junk, { minKeys: 1, maxKeys: target.fields.length })
        .map((v) => JSON.stringify(v)),
      fc.integer({ min: 50, max: 5000 }).map((d) => '['.repeat(d) + ']'.repeat(d)),
      fc
        .integer({ min: 50, max: 3000 })
        .map((d) => `{"${target.fields[0]}":${'{"a":'.repeat(d)}1${'}'.repeat(d + 1)}`),
      huge.map((u) => JSON.stringify({ [target.fields[0]!]: u })),
    )
    .map(short);
}

function expectClientError(answer: RawHttpAnswer) {
  // The answer in the failure message, so a counterexample says what came back.
  if (answer.status >= 500 || leaks(answer.text))
    throw new Error(`${answer.status} ${answer.text.slice(0, 300)}`);
  // The key or token was right: the body, not the caller, is what is wrong.
  expect([401, 403, 415]).not.toContain(answer.status);
  expect(answer.headers.get('content-type') ?? '').toMatch(/json/);
  if (answer.status >= 400)
    expect(answer.body).toEqual({
      error: expect.objectContaining({ type: expect.any(String), message: expect.any(String) }),
    });
}

const send = (target: Target, headers: Record<string, string>, body: string) => {
  const pathname = target.path.replace('{sub}', subscriptionId).replace('{session}', openSessionId);
  return rawHttp(`${access.url}${pathname}`, { method: 'POST', headers, body });
};

function isJsonObject(text: string): boolean {
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed);
  } catch {
    return false;
  }
}

describe('the sandbox /v1 API under malformed form bodies (property)', () => {
  it.each(API_TARGETS.map((t) => [t.path, t] as const))(
    'should never answer POST %s with a 5xx, HTML, a stack trace or a path',
    async (_name, target) => {
      const headers = {
        authorization: `Bearer ${stack.lambdaConfig.STRIPE_SECRET_KEY!}`,
        'content-type': 'application/x-www-form-urlencoded',
      };
      await fc.assert(
        fc.asyncProperty(formBodies(target), async (body) =>
          expectClientError(await send(target, headers, body.raw)),
        ),
        { numRuns: 25 },
      );
    },
    180_000,
  );
});

describe('the sandbox control routes under malformed JSON bodies (property)', () => {
  it.each(CONTROL_TARGETS.map((t) => [t.path, t] as const))(
    'should never answer POST %s with a 5xx, HTML, a stack trace or a path',
    async (_name, target) => {
      const headers = { [SANDBOX_TOKEN_HEADER]: access.token, 'content-type': 'application/json' };
      await fc.assert(
        fc.asyncProperty(jsonBodies(target), async (body) => {
          const answer = await send(target, headers, body.raw);
          expectClientError(answer);
          // Anything but a JSON object of the size limit (64 KB) is never valid for a control route.
          if (!isJsonObject(body.raw) || body.raw.length > 64 * 1024)
            expect(answer.status).toBeGreaterThanOrEqual(400);
        }),
        { numRuns: 25 },
      );
    },
    180_000,
  );
});
