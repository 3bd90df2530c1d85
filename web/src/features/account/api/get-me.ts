import { useQuery } from '@tanstack/react-query';
import type { MeResponse } from '../../../../../shared/account';
import { api } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/auth-context';

export const meQueryKey = (sub: string | undefined) => ['me', sub] as const;

export function getMe(signal?: AbortSignal): Promise<MeResponse> {
  return api<MeResponse>('/api/me', { signal });
}

/** GET /api/me: the profile, the subscription and whether the caller is an admin. Keyed by user. */
export function useMe() {
  const { user } = useAuth();
  return useQuery({
    queryKey: meQueryKey(user?.sub),
    queryFn: ({ signal }) => getMe(signal),
    enabled: !!user,
  });
}
