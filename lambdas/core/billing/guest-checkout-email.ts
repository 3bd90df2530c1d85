import { BILLING_MESSAGES, type GuestCheckoutTokenResponse } from '../../../shared/billing';
import { ValidationError } from '../errors';
import type { Clock } from '../runtime.ports';
import type { PaymentsGateway } from './billing.ports';
import type { GuestEmailTokens } from './guest-email-token';

export interface GuestCheckoutEmailDeps {
  gateway: Pick<PaymentsGateway, 'retrieveCheckoutSession'>;
  clock: Clock;
  /** Built on first use: only these routes need the signing key. */
  guestEmailTokens: () => GuestEmailTokens;
}

/**
 * A session id older than this no longer yields the email: Stripe lets a checkout stay open for at
 * most 24 hours, and the buyer comes back to the register page right after paying, so an id found
 * later (in browser history, a shared screenshot) reveals nothing.
 */
const SESSION_EXCHANGE_WINDOW_MS = 25 * 60 * 60 * 1000;

/**
 * POST /api/consolidated/stripe/guest-checkout-token (public): the session id from the success URL
 * for a token carrying the email paid with. Only a guest checkout that is complete and paid yields
 * one; a signed-in checkout's email is its account's business, not the URL holder's.
 */
export async function issueGuestEmailToken(
  sessionId: string,
  deps: GuestCheckoutEmailDeps,
): Promise<GuestCheckoutTokenResponse> {
  const session = await deps.gateway.retrieveCheckoutSession(sessionId);
  const now = deps.clock.now();
  if (!session || now.getTime() - Date.parse(session.created) > SESSION_EXCHANGE_WINDOW_MS) {
    throw new ValidationError('sessionId', BILLING_MESSAGES.guestSessionUnknown);
  }
  if (!session.guest || session.status !== 'complete' || session.paymentStatus !== 'paid' || !session.email) {
    throw new ValidationError('sessionId', BILLING_MESSAGES.guestSessionUnpaid);
  }
  const { token, expiresAt } = deps.guestEmailTokens().sign(session.email, now);
  return { token, email: session.email, expiresAt };
}

/** POST /api/consolidated/stripe/guest-checkout-email (public): the email of a genuine, unexpired token. */
export function readGuestEmailToken(
  token: string,
  deps: Pick<GuestCheckoutEmailDeps, 'clock' | 'guestEmailTokens'>,
): { email: string; expiresAt: string } {
  const claims = deps.guestEmailTokens().verify(token, deps.clock.now());
  if (!claims) throw new ValidationError('token', BILLING_MESSAGES.guestEmailTokenInvalid);
  return claims;
}
