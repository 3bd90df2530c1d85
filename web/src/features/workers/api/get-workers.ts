import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { Worker } from '../../../../../shared/records/worker';
import type { ListResponse } from '../../../../../shared/records/list-query';
import { api } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/auth-context';
import { ALL_PAGE_SIZE, fetchAllPages, listPath, PAGE_SIZE, type ListParams } from '../../../lib/list-query';

/** Every workers query starts with this key; mutations invalidate `['workers']`. */
export const workersKey = (sub: string | undefined) => ['workers', sub] as const;

export function getWorkers(params: ListParams, signal?: AbortSignal): Promise<ListResponse<Worker>> {
  return api<ListResponse<Worker>>(listPath('/api/workers', params), { signal });
}

/** GET /api/workers with search and sort, a page at a time ("Show more" follows `nextCursor`). */
export function useWorkers({ q, sort }: { q: string; sort: string }) {
  const { user } = useAuth();
  return useInfiniteQuery({
    queryKey: [...workersKey(user?.sub), 'list', { q, sort }],
    queryFn: ({ pageParam, signal }) => getWorkers({ q, sort, limit: PAGE_SIZE, cursor: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
    enabled: !!user,
  });
}

/** GET /api/workers, every page, by name: the recipients of the jobsite form and the members of a crew. */
export function useAllWorkers() {
  const { user } = useAuth();
  return useQuery({
    queryKey: [...workersKey(user?.sub), 'all'],
    queryFn: ({ signal }) =>
      fetchAllPages((cursor) => getWorkers({ sort: 'name', limit: ALL_PAGE_SIZE, cursor }, signal)),
    enabled: !!user,
  });
}
