import { keepPreviousData, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminUsersPage } from '../../../../../shared/admin';
import { api } from '../../../lib/api-client';

/** Every admin users query starts with this key; the mutations below invalidate it. */
export const ADMIN_USERS_KEY = ['admin', 'users'] as const;
export const ADMIN_USERS_PAGE_SIZE = 25;

export function getAdminUsers(params: { q: string; cursor?: string }, signal?: AbortSignal) {
  const search = new URLSearchParams({ q: params.q, limit: String(ADMIN_USERS_PAGE_SIZE) });
  if (params.cursor) search.set('cursor', params.cursor);
  return api<AdminUsersPage>(`/api/admin/users?${search}`, { signal });
}

/** GET /api/admin/users by email prefix, a page at a time ("Show more" follows the pool's token). */
export function useAdminUsers(q: string) {
  return useInfiniteQuery({
    queryKey: [...ADMIN_USERS_KEY, { q }],
    queryFn: ({ pageParam, signal }) => getAdminUsers({ q, cursor: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });
}

export type UserAction =
  | { kind: 'disable' | 'enable' | 'removeAdmin'; id: string; email: string }
  | { kind: 'addAdmin'; email: string };

function run(action: UserAction) {
  switch (action.kind) {
    case 'disable':
    case 'enable':
      return api(`/api/admin/users/${action.id}/${action.kind}`, { method: 'POST' });
    case 'addAdmin':
      return api('/api/admin/admins', { method: 'POST', body: { email: action.email } });
    case 'removeAdmin':
      return api(`/api/admin/admins/${action.id}`, { method: 'DELETE' });
  }
}

/** Disable, enable, add or remove an admin; the list is read again afterwards. */
export function useUserAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ADMIN_USERS_KEY }),
  });
}
