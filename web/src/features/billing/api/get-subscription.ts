import { useQuery } from '@tanstack/react-query';
import type { SubscriptionResponse } from '../../../../../shared/billing';
import { api } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/auth-context';

export const subscriptionQueryKey = (sub: string | undefined) => ['subscription', sub] as const;

export function getSubscription(signal?: AbortSignal): Promise<SubscriptionResponse> {
  return api<SubscriptionResponse>('/api/subscription', { signal });
}

/**
 * GET /api/subscription: the caller's record and billing history. `pollMs` refetches while the
 * screen waits for the payment provider's webhook (after checkout or a plan change).
 */
export function useSubscription(pollMs: number | false = false) {
  const { user } = useAuth();
  return useQuery({
    queryKey: subscriptionQueryKey(user?.sub),
    queryFn: ({ signal }) => getSubscription(signal),
    enabled: !!user,
    refetchInterval: pollMs,
  });
}
