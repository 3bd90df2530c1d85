import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  WebhookCreated,
  WebhookDeliveriesResponse,
  WebhookDeliveryView,
  WebhookEndpointView,
  WebhookInput,
} from '../../../../../shared/webhooks';
import { api } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/auth-context';

/** While a delivery waits or retries, its list is read again this often. */
const OPEN_DELIVERY_POLL_MS = 2000;

/** GET /api/webhooks. */
export function useWebhooks() {
  const { user } = useAuth();
  return useQuery({
    queryKey: ['webhooks', user?.sub] as const,
    queryFn: ({ signal }) => api<{ items: WebhookEndpointView[] }>('/api/webhooks', { signal }),
    enabled: !!user,
    retry: false,
  });
}

/** POST /api/webhooks: the answer holds the signing secret, this once. */
export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { input: WebhookInput; idempotencyKey: string }) =>
      api<WebhookCreated>('/api/webhooks', {
        method: 'POST',
        body: v.input,
        idempotencyKey: v.idempotencyKey,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['webhooks'] }),
  });
}

/** DELETE /api/webhooks/{id}. */
export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<null>(`/api/webhooks/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['webhooks'] }),
  });
}

/** GET /api/webhooks/{id}/deliveries: the last 50, read again while any is pending or retrying. */
export function useDeliveries(id: string) {
  const { user } = useAuth();
  return useQuery({
    queryKey: ['webhooks', user?.sub, id, 'deliveries'] as const,
    queryFn: ({ signal }) => api<WebhookDeliveriesResponse>(`/api/webhooks/${id}/deliveries`, { signal }),
    enabled: !!user,
    refetchInterval: (q) =>
      q.state.data?.items.some((d) => d.status === 'pending' || d.status === 'retrying')
        ? OPEN_DELIVERY_POLL_MS
        : false,
  });
}

/** POST /api/webhooks/{id}/test and …/deliveries/{deliveryId}/resend: queued, then shown as it goes. */
export function useDeliveryAction(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: string | null) =>
      api<WebhookDeliveryView>(
        deliveryId ? `/api/webhooks/${id}/deliveries/${deliveryId}/resend` : `/api/webhooks/${id}/test`,
        { method: 'POST' },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['webhooks'] }),
  });
}
