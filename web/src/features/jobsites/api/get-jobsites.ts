import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { Jobsite } from '../../../../../shared/records/jobsite';
import type { ListResponse } from '../../../../../shared/records/list-query';
import { api } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/auth-context';
import { ALL_PAGE_SIZE, fetchAllPages, listPath, PAGE_SIZE, type ListParams } from '../../../lib/list-query';

/** Every jobsites query starts with this key; mutations invalidate `['jobsites']`. */
export const jobsitesKey = (sub: string | undefined) => ['jobsites', sub] as const;

export function getJobsites(params: ListParams, signal?: AbortSignal): Promise<ListResponse<Jobsite>> {
  return api<ListResponse<Jobsite>>(listPath('/api/jobsites', params), { signal });
}

/** GET /api/jobsites with search and sort, a page at a time ("Show more" follows `nextCursor`). */
export function useJobsites({ q, sort }: { q: string; sort: string }) {
  const { user } = useAuth();
  return useInfiniteQuery({
    queryKey: [...jobsitesKey(user?.sub), 'list', { q, sort }],
    queryFn: ({ pageParam, signal }) => getJobsites({ q, sort, limit: PAGE_SIZE, cursor: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
    enabled: !!user,
  });
}

/** GET /api/jobsites, every page, by name: the jobsites of a client or a worker, and the map. */
export function useAllJobsites() {
  const { user } = useAuth();
  return useQuery({
    queryKey: [...jobsitesKey(user?.sub), 'all'],
    queryFn: ({ signal }) =>
      fetchAllPages((cursor) => getJobsites({ sort: 'name', limit: ALL_PAGE_SIZE, cursor }, signal)),
    enabled: !!user,
  });
}
