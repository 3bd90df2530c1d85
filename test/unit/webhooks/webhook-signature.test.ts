import { Webhook } from 'standardwebhooks';
import { newSigningSecret, signWebhook } from '../../../lambdas/core/webhooks/webhook-signature';

describe('webhook signatures (Standard Webhooks)', () => {
  const body = JSON.stringify({
    id: 'evt_1',
    type: 'notice.sent',
    created: '2026-12-02T11:00:00.000Z',
    data: {},
  });

  it('should make a whsec_ secret of at least 24 random bytes, different every time', () => {
    const a = newSigningSecret();
    const b = newSigningSecret();
    expect(a).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(Buffer.from(a.slice(6), 'base64').length).toBeGreaterThanOrEqual(24);
    expect(a).not.toBe(b);
  });

  it('should sign so that the standardwebhooks library verifies the delivery', () => {
    const secret = newSigningSecret();
    const headers = signWebhook(secret, 'evt_1', new Date(), body);
    expect(headers['webhook-signature']).toMatch(/^v1,/);
    expect(new Webhook(secret).verify(body, { ...headers })).toEqual(JSON.parse(body));
  });

  it('should fail verification when one byte of the body changes, or with another secret', () => {
    const secret = newSigningSecret();
    const headers = signWebhook(secret, 'evt_1', new Date(), body);
    expect(() => new Webhook(secret).verify(body.replace('notice', 'noticE'), { ...headers })).toThrow();
    expect(() => new Webhook(newSigningSecret()).verify(body, { ...headers })).toThrow();
  });

  it('should be refused by the library once it is older than its 5-minute tolerance', () => {
    const secret = newSigningSecret();
    const headers = signWebhook(secret, 'evt_1', new Date(Date.now() - 6 * 60_000), body);
    expect(() => new Webhook(secret).verify(body, { ...headers })).toThrow(/too old/i);
  });
});
