import { useQuery } from '@tanstack/react-query';
import type { Client } from '../../../../../shared/records/client';
import { api } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/auth-context';
import { clientsKey } from './get-clients';

export function getClient(id: string, signal?: AbortSignal): Promise<Client> {
  return api<Client>(`/api/clients/${encodeURIComponent(id)}`, { signal });
}

/** GET /api/clients/{id}; a 404 (unknown id or another account's) is not retried. */
export function useClient(id: string) {
  const { user } = useAuth();
  return useQuery({
    queryKey: [...clientsKey(user?.sub), 'one', id],
    queryFn: ({ signal }) => getClient(id, signal),
    enabled: !!user && !!id,
  });
}
