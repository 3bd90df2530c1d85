import { useQuery } from '@tanstack/react-query';
import type { ChangeSubscriptionRequest, PlanChangePreview } from '../../../../../shared/billing';
import { api } from '../../../lib/api-client';

/** POST /api/subscription/preview-change: what the change charges now, from the provider's preview. */
export function previewChange(request: ChangeSubscriptionRequest, signal?: AbortSignal) {
  return api<PlanChangePreview>('/api/subscription/preview-change', {
    method: 'POST',
    body: request,
    signal,
  });
}

/** The preview for the target shown in the confirm dialog; never cached across openings. */
export function usePlanChangePreview(request: ChangeSubscriptionRequest | null) {
  return useQuery({
    queryKey: ['plan-change-preview', request] as const,
    queryFn: ({ signal }) => previewChange(request!, signal),
    enabled: request !== null,
    gcTime: 0,
    staleTime: 0,
    retry: false,
  });
}
