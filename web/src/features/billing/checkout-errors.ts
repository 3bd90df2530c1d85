import { MESSAGES } from '../../../../shared/messages';
import { ApiError } from '../../lib/api-client';

/**
 * What the user reads when starting checkout fails (spec §8). A non-OK answer shows the server's own
 * `message`, else its `error`, else "Failed to create checkout session"; a payment provider that
 * cannot be reached (502/503 without a message) gets the provider's "Failed to load" message; anything
 * that is not an answer from our API (network, a bug) is "Failed to process plan selection…".
 */
export function checkoutErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError) || error.status === 0) return MESSAGES.planSelectionFailed;
  if (error.detail) return error.detail;
  if ((error.status === 502 || error.status === 503) && isGeneric(error.message)) {
    return MESSAGES.paymentProviderFailedToLoad;
  }
  return isGeneric(error.message) ? MESSAGES.checkoutSessionFailed : error.message;
}

/** A change, portal or load failure: the server's message, with the spec's text for a 403. */
export function billingErrorMessage(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError) || error.status === 0) return fallback;
  if (error.detail) return error.detail;
  if (error.status === 403 && isGeneric(error.message)) return MESSAGES.permissionDenied;
  return isGeneric(error.message) ? fallback : error.message;
}

function isGeneric(message: string): boolean {
  return !message || message === MESSAGES.unknownError;
}
