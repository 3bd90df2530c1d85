import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ConfirmationAnswer,
  ConfirmationListResponse,
  ConfirmationView,
} from '../../../../../shared/confirmations';
import { api } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/auth-context';

const tokenPath = (token: string) => `/api/confirmations/${encodeURIComponent(token)}`;

/** GET /api/confirmations/{token} (public: the signed link is the authority). */
export function useConfirmationView(token: string) {
  return useQuery({
    queryKey: ['confirmation', token] as const,
    queryFn: ({ signal }) => api<ConfirmationView>(tokenPath(token), { auth: false, signal }),
    enabled: token.length > 0,
    retry: false,
  });
}

/** POST /api/confirmations/{token} { answer } (public). A repeat of the recorded answer answers it again. */
export function useAnswerConfirmation(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answer: ConfirmationAnswer) =>
      api<ConfirmationView>(tokenPath(token), { method: 'POST', body: { answer }, auth: false }),
    onSuccess: (view) => queryClient.setQueryData(['confirmation', token], view),
  });
}

/** GET /api/confirmations?jobsiteId=&from=&to=: one jobsite's confirmations over a range of days. */
export function useJobsiteConfirmations(jobsiteId: string, from: string, to: string) {
  const { user } = useAuth();
  const q = new URLSearchParams({ jobsiteId, from, to });
  return useQuery({
    queryKey: ['confirmations', user?.sub, jobsiteId, from, to] as const,
    queryFn: ({ signal }) => api<ConfirmationListResponse>(`/api/confirmations?${q}`, { signal }),
    enabled: !!user && !!jobsiteId,
  });
}

/** GET /api/confirmations?limit=: the account's latest, for the alert history. */
export function useRecentConfirmations(limit = 20) {
  const { user } = useAuth();
  return useQuery({
    queryKey: ['confirmations', user?.sub, 'recent', limit] as const,
    queryFn: ({ signal }) => api<ConfirmationListResponse>(`/api/confirmations?limit=${limit}`, { signal }),
    enabled: !!user,
  });
}
