import { handleInboundText, type InboundDeps, type InboundOutcome } from './inbound-texts';
import type { SmsDeliveryLog, SmsDeliveryStatus } from './sms.ports';

/**
 * What End User Messaging SMS publishes to SNS: two-way replies (originationNumber, messageBody,
 * inboundMessageId…) and configuration-set delivery events (eventType TEXT_*, messageId…).
 */
export type SmsNotification =
  | { type: 'inbound'; from: string; body: string; inboundMessageId: string }
  | { type: 'delivery'; messageId: string; status: SmsDeliveryStatus; at: string }
  | { type: 'unknown' };

/** Delivery event types (AWS "Event types for SMS") and what the send history shows for them. */
const DELIVERY: Record<string, SmsDeliveryStatus> = {
  TEXT_PENDING: 'SENT',
  TEXT_QUEUED: 'SENT',
  TEXT_SUCCESSFUL: 'SENT',
  TEXT_DELIVERED: 'DELIVERED',
  TEXT_BLOCKED: 'FAILED',
  TEXT_INVALID: 'FAILED',
  TEXT_INVALID_MESSAGE: 'FAILED',
  TEXT_UNREACHABLE: 'FAILED',
  TEXT_CARRIER_UNREACHABLE: 'FAILED',
  TEXT_CARRIER_BLOCKED: 'FAILED',
  TEXT_SPAM: 'FAILED',
  TEXT_TTL_EXPIRED: 'FAILED',
  TEXT_UNKNOWN: 'FAILED',
};

/** How long after a delivery event an unknown message id is still taken as our record not yet written. */
export const EARLY_EVENT_RETRY_MS = 15 * 60_000;

export function readSmsNotification(message: unknown): SmsNotification {
  if (!message || typeof message !== 'object') return { type: 'unknown' };
  const m = message as Record<string, unknown>;
  if (typeof m.originationNumber === 'string' && typeof m.messageBody === 'string') {
    // AWS publishes the sender in E.164 already.
    const from = m.originationNumber.trim();
    return /^\+[1-9]\d{6,14}$/.test(from)
      ? {
          type: 'inbound',
          from,
          body: m.messageBody,
          inboundMessageId: typeof m.inboundMessageId === 'string' ? m.inboundMessageId : '',
        }
      : { type: 'unknown' };
  }
  const status = typeof m.eventType === 'string' ? DELIVERY[m.eventType] : undefined;
  if (status && typeof m.messageId === 'string') {
    const ms = typeof m.eventTimestamp === 'number' ? m.eventTimestamp : Date.now();
    return { type: 'delivery', messageId: m.messageId, status, at: new Date(ms).toISOString() };
  }
  return { type: 'unknown' };
}

/** The messages of an SNS-delivered Lambda event (each record's `Sns.Message`, JSON). */
export function messagesFromSns(event: unknown): unknown[] {
  const records = (event as { Records?: { Sns?: { Message?: string } }[] })?.Records ?? [];
  return records.flatMap((r) => {
    try {
      return r.Sns?.Message ? [JSON.parse(r.Sns.Message) as unknown] : [];
    } catch {
      return [];
    }
  });
}

export interface SmsEventsDeps {
  inbound: InboundDeps;
  deliveries: SmsDeliveryLog;
  clock: { now(): Date };
}

export async function applySmsNotification(
  message: unknown,
  deps: SmsEventsDeps,
): Promise<InboundOutcome | 'delivery' | 'unknown'> {
  const n = readSmsNotification(message);
  if (n.type === 'inbound')
    return handleInboundText({ from: n.from, body: n.body, at: deps.clock.now() }, deps.inbound);
  if (n.type === 'delivery') {
    if (await deps.deliveries.record(n.messageId, n.status, n.at)) return 'delivery';
    // The carrier can answer before the batch has written the text's record (its marks are written
    // after the sends). Throwing makes Lambda try the event again later instead of losing it; an
    // event this old for an id we never recorded is not one of ours.
    if (deps.clock.now().getTime() - Date.parse(n.at) < EARLY_EVENT_RETRY_MS) {
      throw new Error(`SMS delivery event for ${n.messageId} came before its record; tried again later`);
    }
    return 'unknown';
  }
  return 'unknown';
}
