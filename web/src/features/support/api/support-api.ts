import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  SupportAccessState,
  SupportLogEntry,
  SupportMessage,
  SupportQueueItem,
  SupportRequestSummary,
  SupportThread,
} from '../../../../../shared/support';
import type { SupportRequestInput, SupportRequestUpdate } from '../../../../../shared/support-schemas';
import { api } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/auth-context';
import { newIdempotencyKey } from '../../../lib/idempotency-key';

const keys = {
  requests: (sub?: string) => ['support-requests', sub] as const,
  thread: (sub: string | undefined, id: string) => ['support-requests', sub, id] as const,
  access: (sub?: string) => ['support-access', sub] as const,
  log: (sub?: string) => ['support-access', sub, 'log'] as const,
  queue: (closed: boolean) => ['admin-support', closed ? 'closed' : 'open'] as const,
  adminThread: (id: string) => ['admin-support', 'thread', id] as const,
};

/** GET /api/support/requests: the account's requests, the latest activity first. */
export function useSupportRequests() {
  const { user } = useAuth();
  return useQuery({
    queryKey: keys.requests(user?.sub),
    queryFn: ({ signal }) => api<{ requests: SupportRequestSummary[] }>('/api/support/requests', { signal }),
    enabled: !!user,
  });
}

/** GET /api/support/requests/{id}: one request and its thread. */
export function useSupportThread(id: string) {
  const { user } = useAuth();
  return useQuery({
    queryKey: keys.thread(user?.sub, id),
    queryFn: ({ signal }) =>
      api<SupportThread>(`/api/support/requests/${encodeURIComponent(id)}`, { signal }),
    enabled: !!user && id !== '',
  });
}

/** POST /api/support/requests (one Idempotency-Key per submit). */
export function useCreateSupportRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: SupportRequestInput) =>
      api<{ id: string }>('/api/support/requests', {
        method: 'POST',
        body: input,
        idempotencyKey: newIdempotencyKey(),
      }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['support-requests'] }),
  });
}

/** POST /api/support/requests/{id}/replies. */
export function useReplyToSupport(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: string) =>
      api<SupportMessage>(`/api/support/requests/${encodeURIComponent(id)}/replies`, {
        method: 'POST',
        body: { body },
        idempotencyKey: newIdempotencyKey(),
      }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['support-requests'] }),
  });
}

/** GET /api/account/support-access: until when support may open a read-only session. */
export function useSupportAccess() {
  const { user } = useAuth();
  return useQuery({
    queryKey: keys.access(user?.sub),
    queryFn: ({ signal }) => api<SupportAccessState>('/api/account/support-access', { signal }),
    enabled: !!user,
  });
}

/** PUT /api/account/support-access `{ grantHours }` (0 revokes). */
export function useSetSupportAccess() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (grantHours: number) =>
      api<SupportAccessState>('/api/account/support-access', { method: 'PUT', body: { grantHours } }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['support-access'] }),
  });
}

/** GET /api/account/support-access/log: grants, sessions and every request made in them. */
export function useSupportAccessLog() {
  const { user } = useAuth();
  return useQuery({
    queryKey: keys.log(user?.sub),
    queryFn: ({ signal }) =>
      api<{ entries: SupportLogEntry[] }>('/api/account/support-access/log', { signal }),
    enabled: !!user,
  });
}

/** GET /api/admin/support/requests: the queue, priority plans first, then the oldest. */
export function useSupportQueue(closed: boolean) {
  return useQuery({
    queryKey: keys.queue(closed),
    queryFn: ({ signal }) =>
      api<{ requests: SupportQueueItem[] }>(
        `/api/admin/support/requests?status=${closed ? 'closed' : 'open'}`,
        {
          signal,
        },
      ),
  });
}

export type AdminSupportThread = SupportThread & SupportQueueItem;

export function useAdminSupportThread(id: string | null) {
  return useQuery({
    queryKey: keys.adminThread(id ?? ''),
    queryFn: ({ signal }) =>
      api<AdminSupportThread>(`/api/admin/support/requests/${encodeURIComponent(id!)}`, { signal }),
    enabled: id !== null,
  });
}

/** POST /api/admin/support/requests/{id}/replies: the customer gets it by email too. */
export function useAdminReply(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: string) =>
      api<SupportMessage>(`/api/admin/support/requests/${encodeURIComponent(id)}/replies`, {
        method: 'POST',
        body: { body },
      }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['admin-support'] }),
  });
}

/** PATCH /api/admin/support/requests/{id}: assign, close or reopen. */
export function useUpdateSupportRequest(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (update: SupportRequestUpdate) =>
      api<AdminSupportThread>(`/api/admin/support/requests/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        body: update,
      }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['admin-support'] }),
  });
}

/** POST /api/admin/support-sessions `{ accountId }`: a read-only session (403 without the owner's grant). */
export function useOpenSupportSession() {
  return useMutation({
    mutationFn: (accountId: string) =>
      api<{ token: string; expiresAt: string; accountId: string; company: string | null }>(
        '/api/admin/support-sessions',
        { method: 'POST', body: { accountId } },
      ),
  });
}
