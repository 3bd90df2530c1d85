import { useQuery } from '@tanstack/react-query';
import type { Jobsite } from '../../../../../shared/records/jobsite';
import { api } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/auth-context';
import { jobsitesKey } from './get-jobsites';

export function getJobsite(id: string, signal?: AbortSignal): Promise<Jobsite> {
  return api<Jobsite>(`/api/jobsites/${encodeURIComponent(id)}`, { signal });
}

/** GET /api/jobsites/{id}; a 404 (unknown id or another account's) is not retried. */
export function useJobsite(id: string) {
  const { user } = useAuth();
  return useQuery({
    queryKey: [...jobsitesKey(user?.sub), 'one', id],
    queryFn: ({ signal }) => getJobsite(id, signal),
    enabled: !!user && !!id,
  });
}
