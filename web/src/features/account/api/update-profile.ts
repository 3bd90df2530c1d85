import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccountProfile, MeResponse } from '../../../../../shared/account';
import type { ProfileUpdate } from '../../../../../shared/profile';
import { api } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/auth-context';
import { meQueryKey } from './get-me';

export function updateProfile(input: ProfileUpdate): Promise<{ profile: AccountProfile }> {
  return api<{ profile: AccountProfile }>('/api/me/profile', { method: 'PUT', body: input });
}

/** PUT /api/me/profile ({ name, company, units }); on success the cached GET /api/me is updated. */
export function useUpdateProfile() {
  const { user } = useAuth();
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: ({ profile }) => {
      client.setQueryData<MeResponse>(meQueryKey(user?.sub), (me) => (me ? { ...me, profile } : me));
    },
  });
}
