import type { MiddlewareHandler } from 'hono';
import { tenantOf } from '../core/caller';
import { takeRateLimit, type RateLimitRule, type RateWindowStore } from '../core/limits/rate-limits';
import type { Clock } from '../core/runtime.ports';
import { callerOf, type AppEnv } from './kit';

export interface RateLimitDeps {
  rateWindows: RateWindowStore;
  clock: Clock;
}

/**
 * Counts the request against `rule` for the verified caller's account (`per: 'account'`, shared by
 * its members) or the caller themself (`'caller'`, e.g. each admin), or answers 429 with
 * Retry-After. Mount after the body is validated, so a malformed request costs nothing.
 */
export function limitPerCaller(
  rule: RateLimitRule,
  per: 'account' | 'caller',
  deps: RateLimitDeps,
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const caller = callerOf(c);
    await takeRateLimit(
      deps.rateWindows,
      rule,
      per === 'account' ? tenantOf(caller) : caller.userId,
      deps.clock.now(),
    );
    await next();
  };
}
