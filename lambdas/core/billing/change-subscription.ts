import {
  BILLING_MESSAGES,
  cancelsOn,
  priceLookupKey,
  type ChangeSubscriptionRequest,
  type ChangeSubscriptionWithPreview,
  type PlanChangePreview,
  type SubscriptionActionRequest,
} from '../../../shared/billing';
import { MESSAGES } from '../../../shared/messages';
import { grantsPlan, type Subscription } from '../../../shared/subscription';
import { ForbiddenError, NotAuthenticatedError, NotFoundError, ValidationError } from '../errors';
import type { AccountRepo, Caller, Clock } from '../ports';
import { tenantOf } from '../caller';
import type { BillingStore, PaymentsGateway } from './billing.ports';
import { cancelIdempotencyKey, changeIdempotencyKey } from './idempotency';

/** A preview's proration time is honoured this long; after that the change prorates from now. */
export const PRORATION_DATE_MAX_AGE_S = 30 * 60;

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
  request: ChangeSubscriptionWithPreview,
  deps: ChangeSubscriptionDeps,
): Promise<ChangeSubscriptionResult> {
  const current = await checkChange(caller, request, deps);
  const priceId = await deps.gateway.priceIdFor(priceLookupKey(request.plan, request.billingCycle));
  const nowS = Math.floor(deps.clock.now().getTime() / 1000);
  // The preview's time, so the invoice equals what the dialog showed; a stale or future one is ignored.
  const prorationDate =
    request.prorationDate !== undefined &&
    request.prorationDate <= nowS &&
    nowS - request.prorationDate <= PRORATION_DATE_MAX_AGE_S
      ? request.prorationDate
      : undefined;
  await deps.gateway.changeSubscriptionPrice({
    subscriptionId: request.subscriptionId,
    priceId,
    prorationDate,
    idempotencyKey: changeIdempotencyKey({
      subscriptionId: request.subscriptionId,
      plan: request.plan,
      billingCycle: request.billingCycle,
      // The proration time is part of the request Stripe sees: a new preview is a new request.
      fromState: `${current?.plan ?? 'none'}/${current?.billing_cycle ?? '-'}/${current?.updated_at ?? '-'}/${prorationDate ?? 'now'}`,
    }),
  });
  return {
    subscriptionId: request.subscriptionId,
    plan: request.plan,
    billingCycle: request.billingCycle,
    pending: true,
  };
}

/**
 * POST /api/subscription/preview-change: what the change would charge now (Stripe's upcoming-invoice
 * preview: credit for unused time, charge for the new plan), under the same rules as the change.
 */
export async function previewSubscriptionChange(
  caller: Caller | null,
  request: ChangeSubscriptionRequest,
  deps: ChangeSubscriptionDeps,
): Promise<PlanChangePreview> {
  await checkChange(caller, request, deps);
  const priceId = await deps.gateway.priceIdFor(priceLookupKey(request.plan, request.billingCycle));
  return deps.gateway.previewPriceChange({ subscriptionId: request.subscriptionId, priceId });
}

/** Signed in, the subscription exists and is the caller's (spec §5, in this order). */
async function checkOwner(
  caller: Caller | null,
  subscriptionId: string,
  deps: ChangeSubscriptionDeps,
): Promise<{ caller: Caller; current: Subscription | null }> {
  if (!caller) throw new NotAuthenticatedError(MESSAGES.notAuthenticated);
  const owner = await deps.store.getSubscriptionOwner(subscriptionId);
  if (!owner) throw new NotFoundError(MESSAGES.subscriptionNotFound);
  // The account's subscription, whoever owns the account now (ownership can be handed over).
  if (owner !== tenantOf(caller)) throw new ForbiddenError(MESSAGES.unauthorizedSubscriptionUpdate);
  const current = await deps.accounts.getSubscription(tenantOf(caller));
  if (current?.id === subscriptionId && !grantsPlan(current.status)) {
    // Stripe refuses to change a canceled subscription; say so instead of a 502.
    throw new ValidationError('subscriptionId', BILLING_MESSAGES.subscriptionInactive);
  }
  return { caller, current };
}

async function checkChange(
  caller: Caller | null,
  request: ChangeSubscriptionRequest,
  deps: ChangeSubscriptionDeps,
): Promise<Subscription | null> {
  const { current } = await checkOwner(caller, request.subscriptionId, deps);
  if (
    current?.id === request.subscriptionId &&
    current.plan === request.plan &&
    current.billing_cycle === request.billingCycle
  ) {
    throw new ValidationError('plan', BILLING_MESSAGES.samePlan);
  }
  if (current?.id === request.subscriptionId && cancelsOn(current)) {
    // Switching plans while cancelling would be confusing (a new invoice for a plan that ends): resume first.
    throw new ValidationError('subscriptionId', BILLING_MESSAGES.cancellingNoChange);
  }
  return current;
}

export interface CancelResult {
  subscriptionId: string;
  cancelAtPeriodEnd: boolean;
  /** The record changes when Stripe's webhook confirms it. */
  pending: true;
}

/**
 * POST /api/subscription/cancel and /resume: cancel at the end of the paid period (or undo that)
 * through Stripe; the record follows by webhook and then reads "Cancels on <date>".
 */
export async function setSubscriptionCancellation(
  caller: Caller | null,
  request: SubscriptionActionRequest,
  cancel: boolean,
  deps: ChangeSubscriptionDeps,
): Promise<CancelResult> {
  const { current } = await checkOwner(caller, request.subscriptionId, deps);
  if (current?.id === request.subscriptionId) {
    const cancelling = cancelsOn(current) !== null;
    if (cancel && cancelling) throw new ValidationError('subscriptionId', BILLING_MESSAGES.alreadyCancelling);
    if (!cancel && !cancelling) throw new ValidationError('subscriptionId', BILLING_MESSAGES.notCancelling);
  }
  await deps.gateway.setCancelAtPeriodEnd({
    subscriptionId: request.subscriptionId,
    cancelAtPeriodEnd: cancel,
    idempotencyKey: cancelIdempotencyKey({
      subscriptionId: request.subscriptionId,
      cancel,
      fromState: current?.updated_at ?? '-',
    }),
  });
  return { subscriptionId: request.subscriptionId, cancelAtPeriodEnd: cancel, pending: true };
}
