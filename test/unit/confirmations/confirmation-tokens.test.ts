import { ConfirmationTokens } from '../../../lambdas/core/confirmations/confirmation-tokens';
import { UnsubscribeTokens } from '../../../lambdas/core/email/unsubscribe';

const SECRET = 'a-test-secret-that-is-long-enough-0123456789';
const claims = {
  tenantId: 'tenant-1',
  requestId: 'site-1~2026-12-03~notice:full',
  expiresAt: Date.parse('2026-12-04T06:00:00Z'),
};
const BEFORE = new Date('2026-12-03T11:00:00Z');

describe('confirmation links', () => {
  const tokens = new ConfirmationTokens(SECRET);

  it('should open the request it was signed for until the day ends', () => {
    expect(tokens.verify(tokens.sign(claims), BEFORE)).toEqual(claims);
  });

  it('should refuse the link from the end of the working day on', () => {
    const token = tokens.sign(claims);
    expect(tokens.verify(token, new Date(claims.expiresAt))).toBeNull();
    expect(tokens.verify(token, new Date(claims.expiresAt - 1))).toEqual(claims);
  });

  it('should refuse a link whose request, account or expiry was altered', () => {
    const [version, payload, signature] = tokens.sign(claims).split('~') as [string, string, string];
    const forged = Buffer.from(
      JSON.stringify({ t: 'tenant-2', r: claims.requestId, x: claims.expiresAt }),
    ).toString('base64url');
    expect(tokens.verify(`${version}~${forged}~${signature}`, BEFORE)).toBeNull();
    const later = Buffer.from(
      JSON.stringify({ t: claims.tenantId, r: claims.requestId, x: claims.expiresAt + 86_400_000 }),
    ).toString('base64url');
    expect(tokens.verify(`${version}~${later}~${signature}`, BEFORE)).toBeNull();
    expect(tokens.verify(`${version}~${payload}~${signature.slice(0, -2)}`, BEFORE)).toBeNull();
    expect(tokens.verify('', BEFORE)).toBeNull();
    expect(tokens.verify('c1~x~y~z', BEFORE)).toBeNull();
  });

  it('should refuse a link signed with another key, and an unsubscribe token signed with the same secret', () => {
    const other = new ConfirmationTokens('another-secret-that-is-long-enough-98765432');
    expect(tokens.verify(other.sign(claims), BEFORE)).toBeNull();
    const unsubscribe = new UnsubscribeTokens(SECRET).sign({ tenantId: 't', workerId: 'w', email: 'a@b.co' });
    expect(tokens.verify(unsubscribe, BEFORE)).toBeNull();
  });

  it('should keep links signed before a key rotation working', () => {
    const old = new ConfirmationTokens(SECRET);
    const rotated = new ConfirmationTokens('the-new-secret-that-is-long-enough-24680', [SECRET]);
    expect(rotated.verify(old.sign(claims), BEFORE)).toEqual(claims);
  });

  it('should make a link path with no dot, which CloudFront would take for a file', () => {
    expect(tokens.sign(claims)).not.toContain('.');
    expect(encodeURIComponent(tokens.sign(claims))).toBe(tokens.sign(claims));
  });

  it('should refuse to sign with a short secret', () => {
    expect(() => new ConfirmationTokens('short')).toThrow(/at least 32/);
  });
});
