import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PutSsoInput, SsoView } from '../../../../../shared/sso';
import { api } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/auth-context';

const ssoKey = (sub: string | undefined) => ['sso', sub] as const;

/** GET /api/account/sso: the provider, its domains and their proof (never the client secret). */
export function useSsoSettings(enabled: boolean) {
  const { user } = useAuth();
  return useQuery({
    queryKey: ssoKey(user?.sub),
    queryFn: ({ signal }) => api<SsoView>('/api/account/sso', { signal }),
    enabled: enabled && !!user,
  });
}

/** PUT /api/account/sso: saving again re-checks the domains still waiting for their TXT record. */
export function useSaveSso() {
  const client = useQueryClient();
  const { user } = useAuth();
  return useMutation({
    mutationFn: (input: PutSsoInput) => api<SsoView>('/api/account/sso', { method: 'PUT', body: input }),
    onSuccess: (view) => client.setQueryData(ssoKey(user?.sub), view),
  });
}
