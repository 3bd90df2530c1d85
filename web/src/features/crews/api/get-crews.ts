import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { Crew } from '../../../../../shared/records/crew';
import type { ListResponse } from '../../../../../shared/records/list-query';
import { api } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/auth-context';
import { ALL_PAGE_SIZE, fetchAllPages, listPath, PAGE_SIZE, type ListParams } from '../../../lib/list-query';

/** Every crews query starts with this key; mutations invalidate `['crews']`. */
export const crewsKey = (sub: string | undefined) => ['crews', sub] as const;

export function getCrews(params: ListParams, signal?: AbortSignal): Promise<ListResponse<Crew>> {
  return api<ListResponse<Crew>>(listPath('/api/crews', params), { signal });
}

/** GET /api/crews with search and sort, a page at a time ("Show more" follows `nextCursor`). */
export function useCrews({ q, sort }: { q: string; sort: string }) {
  const { user } = useAuth();
  return useInfiniteQuery({
    queryKey: [...crewsKey(user?.sub), 'list', { q, sort }],
    queryFn: ({ pageParam, signal }) => getCrews({ q, sort, limit: PAGE_SIZE, cursor: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
    enabled: !!user,
  });
}

/** GET /api/crews, every page, by name: the crews of the worker form and the jobsite recipients. */
export function useAllCrews() {
  const { user } = useAuth();
  return useQuery({
    queryKey: [...crewsKey(user?.sub), 'all'],
    queryFn: ({ signal }) =>
      fetchAllPages((cursor) => getCrews({ sort: 'name', limit: ALL_PAGE_SIZE, cursor }, signal)),
    enabled: !!user,
  });
}
