import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * The sandbox's two local protections (issue 18 item 4). Both are made on the first start and kept in
 * the data folder (a throw-away folder for the tests' in-memory stacks), never published anywhere:
 * - its secret key, which the `/v1` API wants as bearer, as Stripe wants yours;
 * - its control token, which every `/__sandbox/*` route wants in the `x-sandbox-token` header.
 * In AWS neither exists: the product talks to real Stripe with the key kept in Secrets Manager.
 */
export const SANDBOX_SECRET_KEY_FILE = 'sandbox-secret-key';
export const SANDBOX_TOKEN_FILE = 'sandbox-token';
export const SANDBOX_TOKEN_HEADER = 'x-sandbox-token';

/** Compares in constant time (over digests, so the lengths do not show either). */
export function secretsMatch(given: string, expected: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();
  return given.length > 0 && timingSafeEqual(digest(given), digest(expected));
}
