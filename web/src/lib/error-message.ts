import { ACCOUNT_MESSAGES, BILLING_MESSAGES, MESSAGES } from '../../../shared/messages';
import { ApiError } from './api-client';

const CATALOGUE: ReadonlySet<string> = new Set<string>([
  ...Object.values(MESSAGES),
  ...Object.values(BILLING_MESSAGES),
  ...Object.values(ACCOUNT_MESSAGES),
]);

/** True for a message from our own catalogues (shared/): written for people, safe to show as is. */
export function isCatalogueMessage(text: string | undefined): text is string {
  return !!text && CATALOGUE.has(text);
}

/**
 * What a person reads when a request fails. Our API's 4xx messages are written for people (a field,
 * a rule, what to do) and are shown; a 5xx shows only a message from our own catalogues. Anything
 * else — a 5xx's own text, a payment provider's wording, a bug — becomes `fallback`, shown next to a
 * "Try again" button. Raw server or provider text never reaches the screen.
 */
export function friendlyErrorMessage(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  if (error.status === 0) return error.message;
  if (error.status >= 500 || error.status < 400) {
    if (isCatalogueMessage(error.detail) && error.detail !== MESSAGES.unknownError) return error.detail;
    return fallback;
  }
  return error.detail ?? error.message ?? fallback;
}
