import Stripe from 'stripe';
import { verifyStripeEvent } from '../../../lambdas/adapters/stripe/stripe.events';
import { createWebhookApp } from '../../../lambdas/stripe-webhook/app';
import { stripeSignatureHeader } from '../../../local/stripe-sandbox/sign';
import { FakeGateway, MemoryBillingStore, T0, invoice, snapshot } from './fakes';

const SECRET = 'whsec_unit_test_secret';
const stripe = new Stripe('sk_test_unit');

function app() {
  const store = new MemoryBillingStore();
  const gateway = new FakeGateway();
  gateway.subscriptions.set('sub_1', snapshot());
  gateway.invoices.set('in_1', invoice());
  const webhook = createWebhookApp({
    store,
    gateway,
    clock: { now: () => new Date(T0) },
    verifyEvent: async (raw, sig) => verifyStripeEvent(stripe, raw, sig, SECRET),
    log: () => undefined,
  });
  return { webhook, store };
}

const payload = JSON.stringify({
  id: 'evt_1',
  object: 'event',
  type: 'invoice.paid',
  created: 1795000000,
  data: {
    object: {
      id: 'in_1',
      object: 'invoice',
      customer: 'cus_1',
      parent: { type: 'subscription_details', subscription_details: { subscription: 'sub_1', metadata: {} } },
    },
  },
});

const post = (w: ReturnType<typeof app>['webhook'], body: string, signature?: string) =>
  w.request('/api/stripe/webhook', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
    body,
  });

const nowSeconds = () => Math.floor(Date.now() / 1000);

describe('the Stripe webhook signature', () => {
  it('should apply the event when the signature matches the raw bytes', async () => {
    const { webhook, store } = app();
    const res = await post(webhook, payload, stripeSignatureHeader(payload, SECRET, nowSeconds()));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true, result: 'applied' });
    expect(store.commits).toBe(1);
  });

  it('should answer 400, not 500, and apply nothing when a correctly signed payload is not a Stripe event', async () => {
    const { webhook, store } = app();
    const notEvents = [
      '0',
      'null',
      '[]',
      JSON.stringify({ id: 'evt_2', type: 'invoice.paid' }),
      JSON.stringify({ id: 'evt_3', type: 'invoice.paid', created: 1795000000, data: { object: {} } }),
      JSON.stringify({ id: 'evt_4', type: 'x', created: 'yesterday', data: { object: {} } }),
    ];
    for (const body of notEvents) {
      const res = await post(webhook, body, stripeSignatureHeader(body, SECRET, nowSeconds()));
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: 'Malformed event' });
    }
    expect(store.commits).toBe(0);
  });

  it('should agree with the Stripe SDK on how a header is signed', () => {
    const t = nowSeconds();
    const ours = stripeSignatureHeader(payload, SECRET, t);
    const sdk = stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET, timestamp: t });
    expect(ours).toBe(sdk);
  });

  it('should answer 400 and write nothing when one byte of the body is changed', async () => {
    const { webhook, store } = app();
    const signature = stripeSignatureHeader(payload, SECRET, nowSeconds());
    const tampered = payload.replace('"cus_1"', '"cus_2"');
    expect(tampered).not.toBe(payload);
    const res = await post(webhook, tampered, signature);
    expect(res.status).toBe(400);
    expect(store.commits).toBe(0);
  });

  it('should answer 400 when the timestamp is older than 300 seconds', async () => {
    const { webhook, store } = app();
    const res = await post(webhook, payload, stripeSignatureHeader(payload, SECRET, nowSeconds() - 301));
    expect(res.status).toBe(400);
    expect(store.commits).toBe(0);
  });

  it('should answer 400 when the secret is wrong or the header is missing', async () => {
    const { webhook } = app();
    expect(
      (await post(webhook, payload, stripeSignatureHeader(payload, 'whsec_other', nowSeconds()))).status,
    ).toBe(400);
    expect((await post(webhook, payload)).status).toBe(400);
  });

  it('should answer 500 so Stripe retries when applying the event fails', async () => {
    const { webhook, store } = app();
    store.failNextCommit = new Error('DynamoDB unavailable');
    const res = await post(webhook, payload, stripeSignatureHeader(payload, SECRET, nowSeconds()));
    expect(res.status).toBe(500);
    expect(store.receipts.size).toBe(0);
  });
});
