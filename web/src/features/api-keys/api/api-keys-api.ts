import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiKeySummary, CreateApiKeyInput, CreatedApiKey } from '../../../../../shared/api-keys';
import { api } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/auth-context';

const keysKey = (sub: string | undefined) => ['api-keys', sub] as const;

/** GET /api/api-keys: the account's keys (never their secrets). */
export function useApiKeys(enabled: boolean) {
  const { user } = useAuth();
  return useQuery({
    queryKey: keysKey(user?.sub),
    queryFn: ({ signal }) => api<{ items: ApiKeySummary[] }>('/api/api-keys', { signal }),
    enabled: enabled && !!user,
  });
}

/** POST /api/api-keys: the answer holds the secret, the only time it is ever sent. */
export function useCreateApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateApiKeyInput) =>
      api<CreatedApiKey>('/api/api-keys', { method: 'POST', body: input }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['api-keys'] }),
  });
}

/** DELETE /api/api-keys/{id}: revoked at once. */
export function useRevokeApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api<void>(`/api/api-keys/${encodeURIComponent(id)}`, { method: 'DELETE', responseType: 'text' }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['api-keys'] }),
  });
}
