import { createStripeSandbox } from '../../../local/stripe-sandbox/sandbox';

/** Ids come from requests: one named like an Object method finds nothing, as on Stripe (404). */
describe('the Stripe sandbox looking up ids', () => {
  const sandbox = createStripeSandbox({
    webhookUrl: 'http://127.0.0.1:9/api/stripe/webhook',
    webhookSecret: 'whsec_test',
    secretKey: 'sk_test_sandbox',
    controlToken: 'control',
    allowedHosts: ['localhost'],
    statePath: null,
  });

  it.each(['toString', 'constructor', '__proto__', 'hasOwnProperty', 'cs_toString'])(
    'should answer 404 "No such …" for the checkout session %s',
    async (id) => {
      const res = await sandbox.app.request(`http://localhost/v1/checkout/sessions/${id}`, {
        headers: { authorization: 'Bearer sk_test_sandbox', host: 'localhost' },
      });
      expect(res.status).toBe(404);
      expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(/^No such/);
    },
  );
});
