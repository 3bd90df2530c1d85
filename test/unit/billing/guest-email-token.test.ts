import {
  GuestEmailTokens,
  GUEST_EMAIL_TOKEN_TTL_SECONDS,
} from '../../../lambdas/core/billing/guest-email-token';
import {
  issueGuestEmailToken,
  readGuestEmailToken,
} from '../../../lambdas/core/billing/guest-checkout-email';
import { UnsubscribeTokens } from '../../../lambdas/core/email/unsubscribe';
import { ValidationError } from '../../../lambdas/core/errors';
import { BILLING_MESSAGES } from '../../../shared/billing';
import { FakeGateway } from './fakes';

const SECRET = 'k'.repeat(40);
const NOW = new Date('2026-11-23T12:00:00.000Z');
const later = (seconds: number) => new Date(NOW.getTime() + seconds * 1000);

/** Flips one character of the token's part `index` (0 version, 1 payload, 2 signature). */
function tamper(token: string, index: number): string {
  const parts = token.split('.');
  const part = parts[index]!;
  const flipped = part[0] === 'A' ? 'B' : 'A';
  parts[index] = flipped + part.slice(1);
  return parts.join('.');
}

describe('guest checkout email tokens', () => {
  const tokens = new GuestEmailTokens(SECRET);

  it('should give back the paid email, lower-cased, when the token is genuine and unexpired', () => {
    const { token, expiresAt } = tokens.sign('Pat@Example.com', NOW);
    expect(tokens.verify(token, later(60))).toEqual({ email: 'pat@example.com', expiresAt });
    expect(expiresAt).toBe(later(GUEST_EMAIL_TOKEN_TTL_SECONDS).toISOString());
  });

  it('should refuse a token once its 30 minutes are over', () => {
    const { token } = tokens.sign('pat@example.com', NOW);
    expect(tokens.verify(token, later(30 * 60 - 1))).not.toBeNull();
    expect(tokens.verify(token, later(30 * 60))).toBeNull();
  });

  it('should refuse a token whose payload or signature was changed', () => {
    const { token } = tokens.sign('pat@example.com', NOW);
    expect(tokens.verify(tamper(token, 1), NOW)).toBeNull();
    expect(tokens.verify(tamper(token, 2), NOW)).toBeNull();
    expect(tokens.verify(token.replace(/^g1\./, 'g2.'), NOW)).toBeNull();
  });

  it('should refuse a token re-signed with another email or a later expiry by someone without the key', () => {
    const { token } = tokens.sign('pat@example.com', NOW);
    const [version, , signature] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ e: 'mallory@example.com', x: 4_102_444_800 })).toString(
      'base64url',
    );
    expect(tokens.verify(`${version}.${forged}.${signature}`, NOW)).toBeNull();
    expect(new GuestEmailTokens('z'.repeat(40)).verify(token, NOW)).toBeNull();
  });

  it('should never accept an unsubscribe token signed with the same secret, nor the reverse', () => {
    const unsubscribe = new UnsubscribeTokens(SECRET);
    const link = unsubscribe.sign({ tenantId: 't', workerId: 'w', email: 'pat@example.com' });
    expect(tokens.verify(link.replace(/^u1\./, 'g1.'), NOW)).toBeNull();
    const { token } = tokens.sign('pat@example.com', NOW);
    expect(unsubscribe.verify(token.replace(/^g1\./, 'u1.'))).toBeNull();
  });

  it('should keep tokens signed before a key rotation valid when the old key is listed as previous', () => {
    const { token } = new GuestEmailTokens('o'.repeat(40)).sign('pat@example.com', NOW);
    expect(new GuestEmailTokens(SECRET, ['o'.repeat(40)]).verify(token, NOW)?.email).toBe('pat@example.com');
  });

  it('should refuse junk: empty, oversized, wrong shape', () => {
    for (const junk of ['', 'g1', 'g1..', 'g1.a.b.c', `g1.${'a'.repeat(2000)}.b`, 'g1.!!.??']) {
      expect(tokens.verify(junk, NOW)).toBeNull();
    }
  });
});

describe('exchanging a guest checkout session for the paid email', () => {
  function deps() {
    const gateway = new FakeGateway();
    return { gateway, clock: { now: () => NOW }, guestEmailTokens: () => new GuestEmailTokens(SECRET) };
  }
  const paid = {
    id: 'cs_test_1',
    status: 'complete',
    paymentStatus: 'paid',
    guest: true,
    email: 'pat@example.com',
    created: later(-600).toISOString(),
  };

  it('should issue a token that reads back as the paid email when the guest session is complete and paid', async () => {
    const d = deps();
    d.gateway.checkoutSnapshots.set(paid.id, paid);
    const issued = await issueGuestEmailToken(paid.id, d);
    expect(issued.email).toBe('pat@example.com');
    expect(readGuestEmailToken(issued.token, d)).toEqual({
      email: 'pat@example.com',
      expiresAt: issued.expiresAt,
    });
  });

  it('should refuse with a 400 when the session is unpaid, still open, signed in or unknown', async () => {
    const d = deps();
    d.gateway.checkoutSnapshots.set('open', { ...paid, id: 'open', status: 'open', paymentStatus: 'unpaid' });
    d.gateway.checkoutSnapshots.set('mine', { ...paid, id: 'mine', guest: false });
    await expect(issueGuestEmailToken('open', d)).rejects.toEqual(
      new ValidationError('sessionId', BILLING_MESSAGES.guestSessionUnpaid),
    );
    await expect(issueGuestEmailToken('mine', d)).rejects.toEqual(
      new ValidationError('sessionId', BILLING_MESSAGES.guestSessionUnpaid),
    );
    await expect(issueGuestEmailToken('cs_nope', d)).rejects.toEqual(
      new ValidationError('sessionId', BILLING_MESSAGES.guestSessionUnknown),
    );
  });

  it('should refuse a session id from more than a day ago, so an old success URL reveals nothing', async () => {
    const d = deps();
    d.gateway.checkoutSnapshots.set('old', { ...paid, id: 'old', created: later(-26 * 3600).toISOString() });
    await expect(issueGuestEmailToken('old', d)).rejects.toBeInstanceOf(ValidationError);
  });

  it('should answer a clear 400 for an expired token', () => {
    const d = deps();
    const { token } = d.guestEmailTokens().sign('pat@example.com', later(-31 * 60));
    expect(() => readGuestEmailToken(token, d)).toThrow(
      new ValidationError('token', BILLING_MESSAGES.guestEmailTokenInvalid),
    );
  });
});
