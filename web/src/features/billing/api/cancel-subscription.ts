import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface CancelResult {
  subscriptionId: string;
  cancelAtPeriodEnd: boolean;
  /** The record follows when the payment provider's webhook confirms it. */
  pending: true;
}

/** POST /api/subscription/cancel (at the end of the paid period) or /resume. */
export function setCancellation(input: { subscriptionId: string; cancel: boolean }): Promise<CancelResult> {
  return api<CancelResult>(`/api/subscription/${input.cancel ? 'cancel' : 'resume'}`, {
    method: 'POST',
    body: { subscriptionId: input.subscriptionId },
  });
}

export function useSetCancellation() {
  return useMutation({ mutationFn: setCancellation });
}
