import { BILLING_MESSAGES, priceLookupKey, type ChangeSubscriptionRequest } from '../../../shared/billing';
import { MESSAGES } from '../../../shared/messages';
import { grantsPlan } from '../../../shared/subscription';
import { ForbiddenError, NotAuthenticatedError, NotFoundError, ValidationError } from '../errors';
import type { AccountRepo, Caller, Clock } from '../ports';
import type { BillingStore, PaymentsGateway } from './billing.ports';
import { changeIdempotencyKey } from './idempotency';

export interface ChangeSubscriptionDeps {
  gateway: PaymentsGateway;
  store: BillingStore;
  accounts: AccountRepo;
  clock: Clock;
}

export interface ChangeSubscriptionResult {
  subscriptionId: string;
  plan: string;
  billingCycle: string;
  /** The record changes when Stripe's webhook confirms the change. */
  pending: true;
}

/**
 * POST /api/subscription/change, with the spec's rules in the spec's order (§5): signed in, an
 * existing subscription, owned by the caller. Then Stripe moves the item to the new price with
 * proration; our record follows when the webhook comes back, so it never disagrees with Stripe.
 */
export async function changeSubscription(
  caller: Caller | null,
  request: ChangeSubscriptionRequest,
  deps: ChangeSubscriptionDeps,
): Promise<ChangeSubscriptionResult> {
  if (!caller) throw new NotAuthenticatedError(MESSAGES.notAuthenticated);
  const owner = await deps.store.getSubscriptionOwner(request.subscriptionId);
  if (!owner) throw new NotFoundError(MESSAGES.subscriptionNotFound);
  if (owner !== caller.userId) throw new ForbiddenError(MESSAGES.unauthorizedSubscriptionUpdate);

  const current = await deps.accounts.getSubscription(caller.userId);
  if (
    current?.id === request.subscriptionId &&
    current.plan === request.plan &&
    current.billing_cycle === request.billingCycle
  ) {
    throw new ValidationError('plan', BILLING_MESSAGES.samePlan);
  }
  if (current?.id === request.subscriptionId && !grantsPlan(current.status)) {
    // Stripe refuses to change a canceled subscription; say so instead of a 502.
    throw new ValidationError('subscriptionId', BILLING_MESSAGES.subscriptionInactive);
  }
  const priceId = await deps.gateway.priceIdFor(priceLookupKey(request.plan, request.billingCycle));
  await deps.gateway.changeSubscriptionPrice({
    subscriptionId: request.subscriptionId,
    priceId,
    idempotencyKey: changeIdempotencyKey({
      ...request,
      fromState: `${current?.plan ?? 'none'}/${current?.billing_cycle ?? '-'}/${current?.updated_at ?? '-'}`,
    }),
  });
  return {
    subscriptionId: request.subscriptionId,
    plan: request.plan,
    billingCycle: request.billingCycle,
    pending: true,
  };
}
