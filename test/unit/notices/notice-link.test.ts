import {
  NoticeDetailsTokens,
  noticeDetailsUrl,
  noticeLinkExpiry,
} from '../../../lambdas/core/notices/notice-link';
import { UnsubscribeTokens } from '../../../lambdas/core/email/unsubscribe';
import { GuestEmailTokens } from '../../../lambdas/core/billing/guest-email-token';

const SECRET = 'a-notice-link-secret-of-at-least-32-chars';
const REF = { tenantId: 'owner-1', jobsiteId: 'site-1', workDate: '2026-12-03' };
const DAY_BEFORE = new Date('2026-12-02T18:00:00Z');

describe('notice details links', () => {
  const tokens = new NoticeDetailsTokens(SECRET);

  it('should open the jobsite-day it was made for', () => {
    expect(tokens.verify(tokens.sign(REF), DAY_BEFORE)).toEqual({
      ...REF,
      expiresAt: noticeLinkExpiry(REF.workDate).toISOString(),
    });
  });

  it('should make a link under the app origin whose last segment has no dot (the SPA serves it)', () => {
    const url = noticeDetailsUrl(tokens, 'https://app.example.com/', REF);
    expect(url).toMatch(/^https:\/\/app\.example\.com\/n\/[A-Za-z0-9_-]+$/);
  });

  it('should still work 14 days after the day and stop once they are over, in every zone', () => {
    const token = tokens.sign(REF);
    // 23:59 on Dec 17 at UTC−12, the last zone to finish the 14th day after Dec 3.
    expect(tokens.verify(token, new Date('2026-12-18T11:59:00Z'))).not.toBeNull();
    expect(tokens.verify(token, new Date('2026-12-18T14:00:00Z'))).toBeNull();
    expect(tokens.verify(token, new Date('2027-01-10T00:00:00Z'))).toBeNull();
  });

  it('should refuse a token with one character changed anywhere', () => {
    const token = tokens.sign(REF);
    for (let i = 2; i < token.length; i += 7) {
      const ch = token[i] === 'A' ? 'B' : 'A';
      expect(tokens.verify(token.slice(0, i) + ch + token.slice(i + 1), DAY_BEFORE)).toBeNull();
    }
  });

  it("should refuse a cut-short token and one whose payload is swapped for another's", () => {
    const token = tokens.sign(REF);
    const other = tokens.sign({ ...REF, tenantId: 'owner-2' });
    expect(tokens.verify(token.slice(0, -3), DAY_BEFORE)).toBeNull();
    expect(tokens.verify(token.slice(0, 45), DAY_BEFORE)).toBeNull();
    expect(tokens.verify(token.slice(0, 45) + other.slice(45), DAY_BEFORE)).toBeNull();
  });

  it('should refuse tokens signed with another secret, and the other link kinds of the same secret', () => {
    expect(new NoticeDetailsTokens(`${SECRET}-other`).verify(tokens.sign(REF), DAY_BEFORE)).toBeNull();
    const unsubscribe = new UnsubscribeTokens(SECRET).sign({ tenantId: 't', workerId: 'w', email: 'a@b.co' });
    const guest = new GuestEmailTokens(SECRET).sign('a@b.co', DAY_BEFORE).token;
    expect(tokens.verify(unsubscribe, DAY_BEFORE)).toBeNull();
    expect(tokens.verify(guest, DAY_BEFORE)).toBeNull();
    expect(tokens.verify('', DAY_BEFORE)).toBeNull();
    expect(tokens.verify('n1', DAY_BEFORE)).toBeNull();
  });

  it('should keep links signed before a key rotation working', () => {
    const before = new NoticeDetailsTokens(SECRET).sign(REF);
    const rotated = new NoticeDetailsTokens(`${SECRET}-next`, [SECRET]);
    expect(rotated.verify(before, DAY_BEFORE)?.jobsiteId).toBe('site-1');
  });

  it('should refuse a secret too short to sign with', () => {
    expect(() => new NoticeDetailsTokens('short')).toThrow(/at least 32/);
  });
});
