import type { GuestCheckoutTokenResponse } from '../../../../../shared/billing';
import { api } from '../../../lib/api-client';

/**
 * POST /api/consolidated/stripe/guest-checkout-token (public): the session id Stripe put in the
 * success URL for a 30-minute signed token of the email paid with. Only a paid guest checkout has one.
 */
export function exchangeGuestSession(sessionId: string, signal?: AbortSignal) {
  return api<GuestCheckoutTokenResponse>('/api/consolidated/stripe/guest-checkout-token', {
    method: 'POST',
    auth: false,
    body: { sessionId },
    signal,
  });
}

/** POST /api/consolidated/stripe/guest-checkout-email (public): the email a token stands for. */
export function readGuestEmailToken(token: string, signal?: AbortSignal) {
  return api<{ email: string; expiresAt: string }>('/api/consolidated/stripe/guest-checkout-email', {
    method: 'POST',
    auth: false,
    body: { token },
    signal,
  });
}
