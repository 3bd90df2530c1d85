import { ApiError } from './api-client';

/**
 * What a person reads when a request fails. Our API's 4xx messages are written for people (a field,
 * a rule, what to do) and are shown; anything else — a 5xx, a payment provider's own wording, a
 * network failure, a bug — becomes `fallback`, shown next to a "Try again" button. Raw server or
 * provider text never reaches the screen.
 */
export function friendlyErrorMessage(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  if (error.status === 0) return error.message;
  if (error.status >= 500 || error.status < 400) return fallback;
  return error.detail ?? error.message ?? fallback;
}
