import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccountProfile, MeResponse } from '../../../../../shared/account';
import type { ProfileUpdate } from '../../../../../shared/profile';
import type { QuietHours } from '../../../../../shared/quiet-hours';
import { api } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/auth-context';
import { meQueryKey } from './get-me';

/** A PUT under /api/me that answers the stored profile; on success the cached GET /api/me gets it. */
function useProfilePut<I>(path: string) {
  const { user } = useAuth();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: I) => api<{ profile: AccountProfile }>(path, { method: 'PUT', body: input }),
    onSuccess: ({ profile }) => {
      client.setQueryData<MeResponse>(meQueryKey(user?.sub), (me) => (me ? { ...me, profile } : me));
    },
  });
}

/** PUT /api/me/profile ({ name, company, units }). */
export const useUpdateProfile = () => useProfilePut<ProfileUpdate>('/api/me/profile');

/** PUT /api/me/quiet-hours ({ enabled, start, end }). */
export const useUpdateQuietHours = () => useProfilePut<QuietHours>('/api/me/quiet-hours');
