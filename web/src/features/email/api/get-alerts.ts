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

/** One message to one recipient, as `GET /api/alerts` lists them (newest first). */
interface SentMessageWire {
  jobsiteId: string;
  jobsiteName?: string;
  workDate: string;
  messageKey: string;
  kind: string;
  verdict: string;
  recipient: string;
  status: string;
  /** Held by quiet hours: the jobsite's local "HH:MM" they end. */
  heldUntil?: string;
  claimedAt?: string;
  sentAt?: string | null;
  messageId?: string | null;
}

/** The per-recipient messages folded into one row per notice (jobsite, day and message). */
export function groupAlerts(items: readonly SentMessageWire[]): AlertSummary[] {
  const rows = new Map<string, AlertSummary & { deliveries: AlertDelivery[] }>();
  for (const m of items) {
    const key = `${m.jobsiteId}|${m.workDate}|${m.messageKey}`;
    let row = rows.get(key);
    if (!row) {
      row = {
        id: key,
        jobsiteId: m.jobsiteId,
        jobsiteName: m.jobsiteName,
        day: m.workDate,
        kind: m.kind,
        verdict: m.verdict,
        createdAt: m.claimedAt,
        sentAt: m.sentAt ?? undefined,
        deliveries: [],
      };
      rows.set(key, row);
    }
    const status = m.status === 'HELD' && m.heldUntil ? `held until ${m.heldUntil}` : m.status;
    row.deliveries.push({ recipient: m.recipient, status, messageId: m.messageId });
  }
  return [...rows.values()];
}

/** GET /api/alerts?limit=: recent alerts; `null` while the route does not exist yet (404). */
export async function getAlerts(limit: number, signal?: AbortSignal): Promise<AlertSummary[] | null> {
  try {
    const body = await api<{ items?: SentMessageWire[] }>(`/api/alerts?limit=${Math.min(200, limit * 10)}`, {
      signal,
    });
    return groupAlerts(body.items ?? []).slice(0, limit);
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
