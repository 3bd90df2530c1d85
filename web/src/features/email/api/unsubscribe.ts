import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { BrandLook } from '../../../../../shared/brand';

/** The body of GET and POST /api/unsubscribe. */
export interface UnsubscribeView {
  email: string;
  status: 'active' | 'unsubscribed' | 'bounced';
  sender: string | null;
  jobsiteNames: string[];
  /** The contractor's brand while it has white-labelling (issue 24). */
  brand?: BrandLook | null;
}

/** GET /api/unsubscribe?token= (public: no sign-in). */
export function useUnsubscribeView(token: string | null) {
  return useQuery({
    queryKey: ['unsubscribe', token] as const,
    queryFn: ({ signal }) =>
      api<UnsubscribeView>(`/api/unsubscribe?token=${encodeURIComponent(token ?? '')}`, {
        auth: false,
        signal,
      }),
    enabled: !!token,
    retry: false,
  });
}

/** POST /api/unsubscribe { token } (public). Idempotent. */
export function useConfirmUnsubscribe() {
  return useMutation({
    mutationFn: (token: string) =>
      api<UnsubscribeView>('/api/unsubscribe', { method: 'POST', body: { token }, auth: false }),
  });
}
