import type { MeResponse } from '../../../../../shared/account';
import { api } from '../../../lib/api-client';
import { useSignedInQuery } from '../../../lib/signed-in-query';

export const meQueryKey = (sub: string | undefined) => ['me', sub] as const;

export function getMe(signal?: AbortSignal): Promise<MeResponse> {
  return api<MeResponse>('/api/me', { signal });
}

/** GET /api/me: the profile, the subscription and whether the caller is an admin. Keyed by user. */
export function useMe() {
  return useSignedInQuery(meQueryKey, getMe);
}
