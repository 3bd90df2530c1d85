import { useQuery } from '@tanstack/react-query';
import type { Worker } from '../../../../../shared/records/worker';
import { api } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/auth-context';
import { workersKey } from './get-workers';

export function getWorker(id: string, signal?: AbortSignal): Promise<Worker> {
  return api<Worker>(`/api/workers/${encodeURIComponent(id)}`, { signal });
}

/** GET /api/workers/{id}; a 404 (unknown id or another account's) is not retried. */
export function useWorker(id: string) {
  const { user } = useAuth();
  return useQuery({
    queryKey: [...workersKey(user?.sub), 'one', id],
    queryFn: ({ signal }) => getWorker(id, signal),
    enabled: !!user && !!id,
  });
}
