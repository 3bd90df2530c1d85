import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccountProfile, MeResponse } from '../../../../../shared/account';
import type { QuietHours } from '../../../../../shared/quiet-hours';
import { api } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/auth-context';
import { meQueryKey } from './get-me';

export function updateQuietHours(input: QuietHours): Promise<{ profile: AccountProfile }> {
  return api<{ profile: AccountProfile }>('/api/me/quiet-hours', { method: 'PUT', body: input });
}

/** PUT /api/me/quiet-hours ({ enabled, start, end }); on success the cached GET /api/me is updated. */
export function useUpdateQuietHours() {
  const { user } = useAuth();
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateQuietHours,
    onSuccess: ({ profile }) => {
      client.setQueryData<MeResponse>(meQueryKey(user?.sub), (me) => (me ? { ...me, profile } : me));
    },
  });
}
