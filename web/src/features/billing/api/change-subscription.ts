import { useMutation } from '@tanstack/react-query';
import type { ChangeSubscriptionWithPreview } from '../../../../../shared/billing';
import { api } from '../../../lib/api-client';

export interface ChangeSubscriptionResult {
  subscriptionId: string;
  plan: string;
  billingCycle: string;
  /** The record follows when the payment provider's webhook confirms the change. */
  pending: true;
}

/** POST /api/subscription/change. */
export function changeSubscription(
  request: ChangeSubscriptionWithPreview,
): Promise<ChangeSubscriptionResult> {
  return api<ChangeSubscriptionResult>('/api/subscription/change', { method: 'POST', body: request });
}

export function useChangeSubscription() {
  return useMutation({ mutationFn: changeSubscription });
}
