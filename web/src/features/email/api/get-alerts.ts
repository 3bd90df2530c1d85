import { useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/auth-context';

/** One delivery of a sent notice, as the alert history lists it. */
export interface AlertDelivery {
  recipient: string;
  status: string;
  messageId?: string | null;
  /** How it went out: an email or a text (claims written before SMS existed are email). */
  channel: 'email' | 'sms';
  /** Texts only: the segments the carrier bills. */
  segments?: number;
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
  /** The member whose rule change brought this message (issue 22), when a person did. */
  causedBy?: string;
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
  channel?: 'email' | 'sms';
  segments?: number;
  /** Texts only: the carrier's last delivery event, which says more than "sent". */
  deliveryStatus?: 'SENT' | 'DELIVERED' | 'FAILED' | null;
  causedBy?: string;
}

/** An SMS claim's key is the email's with `sms:` in front: both belong to the same notice row. */
const noticeKey = (messageKey: string) => messageKey.replace(/^sms:/, '');

function statusOf(m: SentMessageWire): string {
  if (m.status === 'HELD' && m.heldUntil) return `held until ${m.heldUntil}`;
  // The carrier's report (delivered / failed on the handset) outranks "handed to the carrier".
  if (m.status === 'SENT' && m.deliveryStatus) return m.deliveryStatus;
  return m.status;
}

/** The per-recipient messages folded into one row per notice (jobsite, day and message). */
export function groupAlerts(items: readonly SentMessageWire[]): AlertSummary[] {
  const rows = new Map<string, AlertSummary & { deliveries: AlertDelivery[] }>();
  for (const m of items) {
    const key = `${m.jobsiteId}|${m.workDate}|${noticeKey(m.messageKey)}`;
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
        ...(m.causedBy ? { causedBy: m.causedBy } : {}),
      };
      rows.set(key, row);
    }
    const channel = m.channel ?? (m.messageKey.startsWith('sms:') ? 'sms' : 'email');
    row.deliveries.push({
      recipient: m.recipient,
      status: statusOf(m),
      messageId: m.messageId,
      channel,
      ...(channel === 'sms' && m.segments ? { segments: m.segments } : {}),
    });
  }
  return [...rows.values()];
}

/** "Email", or "SMS · 2 segments" for a text (what the carrier bills). */
export function channelLabel(d: AlertDelivery): string {
  if (d.channel === 'email') return 'Email';
  return d.segments ? `SMS · ${d.segments} segment${d.segments === 1 ? '' : 's'}` : 'SMS';
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
