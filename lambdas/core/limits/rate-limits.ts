import { RateLimitedError } from '../errors';

/** A fixed window: at most `limit` uses per `windowSeconds`, counted per subject (an account or an admin). */
export interface RateLimitRule {
  /** Part of the stored key: a new name starts every subject afresh. */
  name: string;
  limit: number;
  windowSeconds: number;
  /** What is counted, in the message ("test emails"). */
  what: string;
}

/**
 * What sends mail or costs money at a user's request, and how much of it a subject may ask for.
 * A person testing a template needs a handful; a script sending hundreds is stopped.
 */
export const RATE_LIMITS = {
  /** `POST /api/email/test`, per account (its members share it). */
  testEmail: { name: 'test-email', limit: 5, windowSeconds: 600, what: 'test emails' },
  /** `POST /api/admin/email-testing/send`, per admin: any address, so tighter than the product needs. */
  adminTestEmail: { name: 'admin-test-email', limit: 20, windowSeconds: 600, what: 'test emails' },
  /**
   * `POST /api/support/requests`, per account: each request emails a confirmation and lands in the
   * admins' queue, so a script must not flood either; a team with real trouble needs a few an hour.
   */
  supportRequest: { name: 'support-request', limit: 10, windowSeconds: 3600, what: 'support requests' },
} as const satisfies Record<string, RateLimitRule>;

/** The windows in the one table: each use is one conditional write, so parallel requests cannot overshoot. */
export interface RateWindowStore {
  /**
   * Counts one use of `key` in the window starting at `windowStart` when fewer than `limit` are
   * counted there; false (nothing counted) when the window is full. The window goes at `expiresAt`.
   */
  take(key: string, windowStart: string, limit: number, expiresAt: Date): Promise<boolean>;
  /**
   * Counts up to `wanted` uses at once (as many as the window still has room for, 0 when it is full)
   * and answers how many were counted. Each count is a conditional write, so two processes taking
   * from one window together never count past `limit`.
   */
  takeUpTo(key: string, windowStart: string, wanted: number, limit: number, expiresAt: Date): Promise<number>;
}

export function rateLimitMessage(rule: RateLimitRule, retryAfterSeconds: number): string {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return (
    `Too many ${rule.what}: you can send ${rule.limit} every ${rule.windowSeconds / 60} minutes. ` +
    `Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`
  );
}

/** Counts one use for `subject`, or throws RateLimitedError (429) with the seconds until the window ends. */
export async function takeRateLimit(
  store: RateWindowStore,
  rule: RateLimitRule,
  subject: string,
  now: Date,
): Promise<void> {
  const windowMs = rule.windowSeconds * 1000;
  const start = Math.floor(now.getTime() / windowMs) * windowMs;
  const end = start + windowMs;
  // Kept a window longer than needed: TTL deletion is late anyway, and the key of a new window differs.
  const taken = await store.take(
    `${rule.name}#${subject}`,
    new Date(start).toISOString(),
    rule.limit,
    new Date(end + windowMs),
  );
  if (!taken) {
    const retryAfterSeconds = Math.max(1, Math.ceil((end - now.getTime()) / 1000));
    throw new RateLimitedError(rateLimitMessage(rule, retryAfterSeconds), retryAfterSeconds);
  }
}
