import { MESSAGES } from '../../../../shared/messages';
import { ApiError } from '../../lib/api-client';
import { isCatalogueMessage } from '../../lib/error-message';

/**
 * What the user reads when starting checkout fails (spec §8). A 4xx answer shows our server's own
 * `message`, else its `error`, else "Failed to create checkout session"; a payment provider that
 * fails or cannot be reached (502/503) gets the provider's "Failed to load" message; anything
 * that is not an answer from our API (network, a bug) is "Failed to process plan selection…".
 */
export function checkoutErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError) || error.status === 0) return MESSAGES.planSelectionFailed;
  // A 5xx's own words may be the payment provider's (Stripe's raw message rides in `message` on a
  // 502): only a message from our catalogues is shown; otherwise the spec's messages say what happened.
  if (error.status >= 500) {
    if (isCatalogueMessage(error.detail)) return error.detail;
    return error.status === 502 || error.status === 503
      ? MESSAGES.paymentProviderFailedToLoad
      : MESSAGES.checkoutSessionFailed;
  }
  if (error.detail) return error.detail;
  return isGeneric(error.message) ? MESSAGES.checkoutSessionFailed : error.message;
}

/** A change, portal or load failure: our own 4xx message, the spec's text for a 403, else `fallback`. */
export function billingErrorMessage(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError) || error.status === 0) return fallback;
  if (error.status >= 500) return isCatalogueMessage(error.detail) ? error.detail : fallback;
  if (error.detail) return error.detail;
  if (error.status === 403 && isGeneric(error.message)) return MESSAGES.permissionDenied;
  return isGeneric(error.message) ? fallback : error.message;
}

function isGeneric(message: string): boolean {
  return !message || message === MESSAGES.unknownError;
}
