/**
 * A fresh `Idempotency-Key` for one submit: a checkout, a record create, a CSV import. The server
 * answers a repeat of the same key once (contracts §1: 8–128 characters of [A-Za-z0-9_-]).
 * randomUUID needs a secure context; a plain-http LAN address falls back to time and randomness.
 */
export function newIdempotencyKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}
