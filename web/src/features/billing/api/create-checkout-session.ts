import type {
  CheckoutRequest,
  CheckoutSessionResponse,
  GuestCheckoutRequest,
} from '../../../../../shared/billing';
import { api } from '../../../lib/api-client';

/** POST /api/consolidated/stripe/create-checkout-session: the signed-in user's own checkout (spec §7). */
export function createCheckoutSession(request: CheckoutRequest): Promise<CheckoutSessionResponse> {
  return api<CheckoutSessionResponse>('/api/consolidated/stripe/create-checkout-session', {
    method: 'POST',
    body: request,
  });
}

/**
 * POST /api/consolidated/stripe/create-guest-checkout (public). The Idempotency-Key keeps a retried
 * click from opening a second session for the same visitor.
 */
export function createGuestCheckout(
  request: GuestCheckoutRequest,
  idempotencyKey: string,
): Promise<CheckoutSessionResponse> {
  return api<CheckoutSessionResponse>('/api/consolidated/stripe/create-guest-checkout', {
    method: 'POST',
    body: request,
    auth: false,
    headers: { 'idempotency-key': idempotencyKey },
  });
}
