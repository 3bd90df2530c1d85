import { useQuery } from '@tanstack/react-query';
import type { Crew } from '../../../../../shared/records/crew';
import { api } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/auth-context';
import { crewsKey } from './get-crews';

export function getCrew(id: string, signal?: AbortSignal): Promise<Crew> {
  return api<Crew>(`/api/crews/${encodeURIComponent(id)}`, { signal });
}

/** GET /api/crews/{id}; a 404 (unknown id or another account's) is not retried. */
export function useCrew(id: string) {
  const { user } = useAuth();
  return useQuery({
    queryKey: [...crewsKey(user?.sub), 'one', id],
    queryFn: ({ signal }) => getCrew(id, signal),
    enabled: !!user && !!id,
  });
}
