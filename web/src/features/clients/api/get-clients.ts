import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { Client } from '../../../../../shared/records/client';
import type { ListResponse } from '../../../../../shared/records/list-query';
import { api } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/auth-context';
import { ALL_PAGE_SIZE, fetchAllPages, listPath, PAGE_SIZE, type ListParams } from '../../../lib/list-query';

/** Every clients query starts with this key; mutations invalidate `['clients']`. */
export const clientsKey = (sub: string | undefined) => ['clients', sub] as const;

export function getClients(params: ListParams, signal?: AbortSignal): Promise<ListResponse<Client>> {
  return api<ListResponse<Client>>(listPath('/api/clients', params), { signal });
}

/** GET /api/clients with search and sort, a page at a time ("Show more" follows `nextCursor`). */
export function useClients({ q, sort }: { q: string; sort: string }) {
  const { user } = useAuth();
  return useInfiniteQuery({
    queryKey: [...clientsKey(user?.sub), 'list', { q, sort }],
    queryFn: ({ pageParam, signal }) => getClients({ q, sort, limit: PAGE_SIZE, cursor: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
    enabled: !!user,
  });
}

/** GET /api/clients, every page, by name: the client select of the jobsite form. */
export function useAllClients() {
  const { user } = useAuth();
  return useQuery({
    queryKey: [...clientsKey(user?.sub), 'all'],
    queryFn: ({ signal }) =>
      fetchAllPages((cursor) => getClients({ sort: 'name', limit: ALL_PAGE_SIZE, cursor }, signal)),
    enabled: !!user,
  });
}
