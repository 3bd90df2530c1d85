import { RateLimitedError } from '../../../lambdas/core/errors';
import { RATE_LIMITS, takeRateLimit } from '../../../lambdas/core/limits/rate-limits';
import { MemoryRateWindows } from '../email/fakes';

describe('takeRateLimit', () => {
  const rule = RATE_LIMITS.testEmail;

  it('should refuse the sixth test email of a window with the seconds left in it, and allow one in the next', async () => {
    const store = new MemoryRateWindows();
    const at = new Date('2026-11-25T10:03:20.000Z');
    for (let i = 0; i < rule.limit; i++) await takeRateLimit(store, rule, 'acct-1', at);
    const refused = await takeRateLimit(store, rule, 'acct-1', at).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(RateLimitedError);
    // The window is 10:00–10:10: 6 min 40 s are left.
    expect((refused as RateLimitedError).retryAfterSeconds).toBe(400);
    expect((refused as RateLimitedError).message).toBe(
      'Too many test emails: you can send 5 every 10 minutes. Try again in 7 minutes.',
    );
    // Another account is counted on its own; the next window starts afresh.
    await expect(takeRateLimit(store, rule, 'acct-2', at)).resolves.toBeUndefined();
    await expect(
      takeRateLimit(store, rule, 'acct-1', new Date('2026-11-25T10:10:00.000Z')),
    ).resolves.toBeUndefined();
  });
});
