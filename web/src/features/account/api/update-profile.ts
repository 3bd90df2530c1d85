import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccountProfile, MeResponse } from '../../../../../shared/account';
import type { ProfileBody } from '../../../../../shared/profile';
import type { QuietHours } from '../../../../../shared/quiet-hours';
import { api } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/auth-context';
import { meQueryKey } from './get-me';

/** A PUT under /api/me that answers the stored profile; on success the cached GET /api/me gets it. */
function useProfilePut<I>(path: string) {
  const { user } = useAuth();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: I) =>
      api<{ profile: AccountProfile; name?: string | null }>(path, { method: 'PUT', body: input }),
    onSuccess: ({ profile, name }) => {
      client.setQueryData<MeResponse>(meQueryKey(user?.sub), (me) => {
        if (!me) return me;
        // A profile save answers the caller's own name too (a member's is not the account's).
        const account = me.account && name !== undefined ? { ...me.account, name } : me.account;
        return { ...me, profile, account };
      });
    },
  });
}

/** PUT /api/me/profile ({ name, company, units }; a member's body is { name }). */
export const useUpdateProfile = () => useProfilePut<ProfileBody>('/api/me/profile');

/** PUT /api/me/quiet-hours ({ enabled, start, end }). */
export const useUpdateQuietHours = () => useProfilePut<QuietHours>('/api/me/quiet-hours');
