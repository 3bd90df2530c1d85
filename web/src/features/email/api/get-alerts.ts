import { useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/auth-context';

/** One delivery of a sent notice, as the alert history lists it. */
export interface AlertDelivery {
  recipient: string;
  status: string;
  messageId?: string | null;
}

/**
 * One sent (or attempted) notice. The dispatch owns the exact shape; the panel reads these fields
 * when present and shows what it finds.
 */
export interface AlertSummary {
  id?: string;
  alertId?: string;
  jobsiteName?: string;
  jobsiteId?: string;
  day?: string;
  date?: string;
  kind?: string;
  verdict?: string;
  createdAt?: string;
  sentAt?: string;
  deliveries?: AlertDelivery[];
  recipients?: AlertDelivery[];
}

/** GET /api/alerts?limit=: recent alerts; `null` while the route does not exist yet (404). */
export async function getAlerts(limit: number, signal?: AbortSignal): Promise<AlertSummary[] | null> {
  try {
    const body = await api<{ items?: AlertSummary[] } | AlertSummary[]>(`/api/alerts?limit=${limit}`, {
      signal,
    });
    return Array.isArray(body) ? body : (body.items ?? []);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export function useAlerts(limit = 20) {
  const { user } = useAuth();
  return useQuery({
    queryKey: ['alerts', user?.sub, limit] as const,
    queryFn: ({ signal }) => getAlerts(limit, signal),
    enabled: !!user,
  });
}
