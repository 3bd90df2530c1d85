import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AuditEntry, InviteInput, TeamResponse, TeamRole } from '../../../../../shared/team';
import { api } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/auth-context';

const teamKey = (sub: string | undefined) => ['team', sub] as const;
const auditKey = (sub: string | undefined) => ['team-audit', sub] as const;

/** GET /api/account/members: members, pending invites and seats. */
export function useTeam() {
  const { user } = useAuth();
  return useQuery({
    queryKey: teamKey(user?.sub),
    queryFn: ({ signal }) => api<TeamResponse>('/api/account/members', { signal }),
    enabled: !!user,
  });
}

/** GET /api/account/audit (the owner's). */
export function useAudit(enabled: boolean) {
  const { user } = useAuth();
  return useQuery({
    queryKey: auditKey(user?.sub),
    queryFn: ({ signal }) => api<{ entries: AuditEntry[] }>('/api/account/audit', { signal }),
    enabled: !!user && enabled,
  });
}

/** Every team change refreshes the team and the audit log. */
function useTeamMutation<I, O>(fn: (input: I) => Promise<O>) {
  const { user } = useAuth();
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: teamKey(user?.sub) }),
        client.invalidateQueries({ queryKey: auditKey(user?.sub) }),
      ]),
  });
}

export const useInvite = () =>
  useTeamMutation((input: InviteInput) =>
    api<{ id: string }>('/api/account/invites', { method: 'POST', body: input }),
  );
export const useResendInvite = () =>
  useTeamMutation((id: string) =>
    api<{ ok: true }>(`/api/account/invites/${encodeURIComponent(id)}/resend`, { method: 'POST' }),
  );
export const useRevokeInvite = () =>
  useTeamMutation((id: string) =>
    api<null>(`/api/account/invites/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  );
export const useChangeRole = () =>
  useTeamMutation(({ userId, role }: { userId: string; role: TeamRole }) =>
    api<{ userId: string; role: TeamRole }>(`/api/account/members/${encodeURIComponent(userId)}`, {
      method: 'PUT',
      body: { role },
    }),
  );
export const useRemoveMember = () =>
  useTeamMutation((userId: string) =>
    api<null>(`/api/account/members/${encodeURIComponent(userId)}`, { method: 'DELETE' }),
  );

/** POST /api/invites/{token}/accept; everything cached belonged to the account left behind. */
export function useAcceptInvite(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api<{ accountId: string; role: TeamRole }>(`/api/invites/${encodeURIComponent(token)}/accept`, {
        method: 'POST',
      }),
    onSuccess: () => client.clear(),
  });
}
