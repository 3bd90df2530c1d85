import { useCallback, useEffect, useRef, useState } from 'react';
import type { BillingCycle, PaidPlanId } from '../../../../shared/plans';
import { createCheckoutSession, createGuestCheckout } from './api/create-checkout-session';
import { checkoutErrorMessage } from './checkout-errors';
import { redirectToHostedPage } from './redirect';
import { newIdempotencyKey } from '../../lib/idempotency-key';

export interface CheckoutChoice {
  plan: PaidPlanId;
  billingCycle: BillingCycle;
}

/** Who is buying: the signed-in account (its own sub and email) or a guest. */
export type Buyer = { kind: 'account'; userId: string; email: string } | { kind: 'guest' };

/**
 * Starts the hosted checkout for a plan (spec §4, §7, §8). While the request runs — and after it,
 * while the browser leaves for the payment page — `processingPlan` names the plan, so every plan
 * button is disabled and that one reads "Processing...". Plain state, no TanStack Query: the landing
 * page uses it too and does not load the query client.
 */
export function useCheckout() {
  const [processingPlan, setProcessingPlan] = useState<PaidPlanId | null>(null);
  const [error, setError] = useState<string | null>(null);
  const inFlight = useRef(false);
  // One key per guest choice: a retried click reuses the session the first one opened.
  const guestKeys = useRef(new Map<string, string>());

  // Back from the payment page through the browser's cache: the buttons work again.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      inFlight.current = false;
      setProcessingPlan(null);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  const start = useCallback(async (buyer: Buyer, choice: CheckoutChoice): Promise<boolean> => {
    if (inFlight.current) return false;
    inFlight.current = true;
    setError(null);
    setProcessingPlan(choice.plan);
    try {
      let session;
      if (buyer.kind === 'account') {
        session = await createCheckoutSession({ userId: buyer.userId, email: buyer.email, ...choice });
      } else {
        const id = `${choice.plan}:${choice.billingCycle}`;
        const key = guestKeys.current.get(id) ?? newIdempotencyKey();
        guestKeys.current.set(id, key);
        session = await createGuestCheckout(choice, key);
      }
      if (redirectToHostedPage(session?.url)) return true; // Leaving: stay "Processing...".
    } catch (err) {
      setError(checkoutErrorMessage(err));
    }
    inFlight.current = false;
    setProcessingPlan(null);
    return false;
  }, []);

  return { processingPlan, error, start, clearError: () => setError(null) };
}
