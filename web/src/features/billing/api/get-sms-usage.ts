import { useQuery } from '@tanstack/react-query';
import type { SmsUsage } from '../../../../../shared/sms-usage';
import { ApiError, api } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/auth-context';

/** GET /api/sms/usage; `null` where the SMS channel is not set up (the route answers 404). */
export async function getSmsUsage(signal?: AbortSignal): Promise<SmsUsage | null> {
  try {
    return await api<SmsUsage>('/api/sms/usage', { signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export function useSmsUsage(enabled: boolean) {
  const { user } = useAuth();
  return useQuery({
    queryKey: ['sms-usage', user?.sub] as const,
    queryFn: ({ signal }) => getSmsUsage(signal),
    enabled: !!user && enabled,
  });
}
