import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { ListResponse } from '../../../shared/records/list-query';
import { api } from './api-client';
import { useAuth } from './auth/auth-context';
import { ALL_PAGE_SIZE, fetchAllPages, listPath, PAGE_SIZE, type ListParams } from './list-query';

/** The four record resources under /api, each with the same five routes (lambdas/routes/record-routes.ts). */
export type RecordResource = 'clients' | 'crews' | 'workers' | 'jobsites';

/**
 * One record resource's calls. `also`: other resources whose cached reads change with this one (a crew
 * lists its members, computed from the workers), invalidated with it after every write.
 */
export interface RecordApi<T, I> {
  resource: RecordResource;
  also: readonly RecordResource[];
  /** Every query of this resource starts with this key; writes invalidate `[resource]`. */
  key: (sub: string | undefined) => readonly [RecordResource, string | undefined];
  list: (params: ListParams, signal?: AbortSignal) => Promise<ListResponse<T>>;
  get: (id: string, signal?: AbortSignal) => Promise<T>;
  /** POST with the submit's Idempotency-Key (contracts §1): a repeated submit creates one record. */
  create: (vars: { input: I; idempotencyKey: string }) => Promise<T>;
  update: (vars: { id: string; input: I }) => Promise<T>;
  remove: (id: string) => Promise<void>;
}

export function recordApi<T, I>(resource: RecordResource, also: RecordResource[] = []): RecordApi<T, I> {
  const base = `/api/${resource}`;
  const one = (id: string) => `${base}/${encodeURIComponent(id)}`;
  return {
    resource,
    also,
    key: (sub) => [resource, sub] as const,
    list: (params, signal) => api<ListResponse<T>>(listPath(base, params), { signal }),
    get: (id, signal) => api<T>(one(id), { signal }),
    create: ({ input, idempotencyKey }) => api<T>(base, { method: 'POST', body: input, idempotencyKey }),
    update: ({ id, input }) => api<T>(one(id), { method: 'PUT', body: input }),
    remove: (id) => api<void>(one(id), { method: 'DELETE' }),
  };
}

/** What a write to `resource` makes stale: its own reads and those of the resources that show it. */
export function useInvalidateRecords(resources: readonly RecordResource[]) {
  const queryClient = useQueryClient();
  return () => Promise.all(resources.map((r) => queryClient.invalidateQueries({ queryKey: [r] })));
}

/** GET /api/{resource} with search and sort, a page at a time ("Show more" follows `nextCursor`). */
export function useRecordList<T, I>(records: RecordApi<T, I>, { q, sort }: { q: string; sort: string }) {
  const { user } = useAuth();
  return useInfiniteQuery({
    queryKey: [...records.key(user?.sub), 'list', { q, sort }],
    queryFn: ({ pageParam, signal }) =>
      records.list({ q, sort, limit: PAGE_SIZE, cursor: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
    enabled: !!user,
  });
}

/** GET /api/{resource}, every page, by name: the option lists of the forms. */
export function useAllRecords<T, I>(records: RecordApi<T, I>) {
  const { user } = useAuth();
  return useQuery({
    queryKey: [...records.key(user?.sub), 'all'],
    queryFn: ({ signal }) =>
      fetchAllPages((cursor) => records.list({ sort: 'name', limit: ALL_PAGE_SIZE, cursor }, signal)),
    enabled: !!user,
  });
}

/** GET /api/{resource}/{id}; a 404 (unknown id or another account's) is not retried. */
export function useRecord<T, I>(records: RecordApi<T, I>, id: string) {
  const { user } = useAuth();
  return useQuery({
    queryKey: [...records.key(user?.sub), 'one', id],
    queryFn: ({ signal }) => records.get(id, signal),
    enabled: !!user && !!id,
  });
}

/** POST /api/{resource} (201 with the stored record). */
export function useCreateRecord<T, I>(records: RecordApi<T, I>) {
  const invalidate = useInvalidateRecords([records.resource, ...records.also]);
  return useMutation({ mutationFn: records.create, onSuccess: invalidate });
}

/** PUT /api/{resource}/{id} with the whole form (the server merges it over the stored record). */
export function useUpdateRecord<T, I>(records: RecordApi<T, I>) {
  const invalidate = useInvalidateRecords([records.resource, ...records.also]);
  return useMutation({ mutationFn: records.update, onSuccess: invalidate });
}

/** DELETE /api/{resource}/{id}: 204, or 409 naming what still uses the record. */
export function useDeleteRecord<T, I>(records: RecordApi<T, I>) {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateRecords([records.resource, ...records.also]);
  return useMutation({
    mutationFn: records.remove,
    onSuccess: (_, id) => {
      // Its detail query would refetch into a 404: dropped, not refreshed.
      queryClient.removeQueries({ queryKey: [records.resource], predicate: (q) => q.queryKey.includes(id) });
      return invalidate();
    },
  });
}

/**
 * A record's hooks, one per call, bound to its API: `clients.useList({ q, sort })`, `clients.useAll()`,
 * `clients.useOne(id)`, `clients.useCreate()`, `clients.useUpdate()`, `clients.useDelete()`.
 */
export function recordHooks<T, I>(records: RecordApi<T, I>) {
  return {
    api: records,
    useList: (params: { q: string; sort: string }) => useRecordList(records, params),
    useAll: () => useAllRecords(records),
    useOne: (id: string) => useRecord(records, id),
    useCreate: () => useCreateRecord(records),
    useUpdate: () => useUpdateRecord(records),
    useDelete: () => useDeleteRecord(records),
  };
}
