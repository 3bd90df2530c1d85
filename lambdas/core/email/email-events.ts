import { createHash, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../runtime.ports';
import type { DeliveryStats } from '../admin/metrics.ports';
import { suppressAddress, type SuppressionDeps } from './suppression';
import { isJsonObject } from '../../../shared/json-object';

/**
 * Bounces and complaints from SES (configuration-set event publishing, through SNS). A permanent
 * bounce puts the address on the suppression list of every account it is a worker of, and marks
 * those workers `bounced`; a complaint does the same as an unsubscribe.
 * Transient and undetermined bounces, deliveries, opens and the rest change nothing.
 */
export type EmailEventAction =
  | { kind: 'bounced' | 'unsubscribed'; emails: string[]; messageId: string | null }
  | { kind: 'ignored'; reason: string };

const asRecord = (v: unknown): Record<string, unknown> | null => (isJsonObject(v) ? v : null);

/** `ana@example.com` from `ana@example.com` or `Ana <Ana@Example.com>`, lower-cased; null if none. */
export function addressOf(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const inner = /<([^<>]+)>/.exec(value)?.[1] ?? value;
  const address = inner.trim().toLowerCase();
  return /^[^\s@]+@[^\s@]+$/.test(address) && address.length <= 254 ? address : null;
}

/**
 * A field's value for a reason text. Only strings are quoted as they are: `String()` of an array or
 * object calls its `toString`, which a JSON body can replace (`[{"toString":{}}]` throws).
 */
const named = (value: unknown): string =>
  typeof value === 'string'
    ? value
    : value === undefined || value === null
      ? 'missing'
      : `of type ${Array.isArray(value) ? 'array' : typeof value}`;

function recipients(list: unknown): string[] {
  if (!Array.isArray(list)) return [];
  const emails = list.map((r) => addressOf(asRecord(r)?.emailAddress)).filter((e): e is string => !!e);
  return [...new Set(emails)];
}

/** What one SES event record asks for. Accepts `eventType` (event publishing) and `notificationType` (identity notifications). */
export function parseSesEvent(raw: unknown): EmailEventAction {
  const event = asRecord(raw);
  if (!event) return { kind: 'ignored', reason: 'Not an SES event' };
  const type = event.eventType ?? event.notificationType;
  const messageId = asRecord(event.mail)?.messageId;
  const id = typeof messageId === 'string' ? messageId : null;
  if (type === 'Bounce') {
    const bounce = asRecord(event.bounce);
    if (bounce?.bounceType !== 'Permanent')
      return {
        kind: 'ignored',
        reason: `Bounce type ${named(bounce?.bounceType)} is not permanent`,
      };
    const emails = recipients(bounce.bouncedRecipients);
    return emails.length
      ? { kind: 'bounced', emails, messageId: id }
      : { kind: 'ignored', reason: 'No bounced recipients' };
  }
  if (type === 'Complaint') {
    const emails = recipients(asRecord(event.complaint)?.complainedRecipients);
    return emails.length
      ? { kind: 'unsubscribed', emails, messageId: id }
      : { kind: 'ignored', reason: 'No complained recipients' };
  }
  return { kind: 'ignored', reason: `Event type ${named(type)} needs no action` };
}

/**
 * The SES events inside an SNS-to-Lambda event: each record's `Sns.Message` is the event as a JSON
 * string. A record that is not JSON is reported as `null` (and ignored), never thrown, so one bad
 * record cannot make SNS redeliver the others forever.
 */
export function sesEventsFromSns(event: unknown): unknown[] {
  const records = asRecord(event)?.Records;
  if (!Array.isArray(records)) return [];
  return records.map((record) => {
    const message = asRecord(asRecord(record)?.Sns)?.Message;
    if (typeof message !== 'string') return null;
    try {
      return JSON.parse(message) as unknown;
    } catch {
      return null;
    }
  });
}

export interface EmailEventsDeps extends SuppressionDeps {
  clock: Clock;
  /** The daily delivery counters (admin delivery health): each bounced or complaining recipient adds one. */
  stats?: DeliveryStats;
}

export interface EmailEventResult {
  action: EmailEventAction['kind'];
  /** Worker records this event changed (an address can be a worker of several accounts). */
  marked: number;
  /** Worker records of the addresses found, changed or not. */
  matched: number;
}

/**
 * Applies one SES event: each address goes on the suppression list of every account it is a worker
 * of, and every worker record of it, in every account, is marked.
 */
export async function applySesEvent(raw: unknown, deps: EmailEventsDeps): Promise<EmailEventResult> {
  const action = parseSesEvent(raw);
  if (action.kind === 'ignored') return { action: 'ignored', marked: 0, matched: 0 };
  const at = deps.clock.now().toISOString();
  await deps.stats?.add(at.slice(0, 10), {
    [action.kind === 'bounced' ? 'bounced' : 'complained']: action.emails.length,
  });
  let marked = 0;
  let matched = 0;
  for (const email of action.emails) {
    const refs = await deps.workers.findByEmail(email);
    matched += refs.length;
    for (const tenant of new Set(refs.map((r) => r.tenant)))
      marked += await suppressAddress(
        { tenant, email, reason: action.kind === 'bounced' ? 'bounced' : 'complained', at, refs },
        deps,
      );
  }
  return { action: action.kind, marked, matched };
}

/**
 * The SES events a request body carries: an SNS-to-Lambda event (`Records`), one SNS HTTP
 * notification (`Type: Notification`, `Message` a JSON string), or a bare SES event.
 */
export function sesEventsFromBody(body: unknown): unknown[] {
  const record = asRecord(body);
  if (record && Array.isArray(record.Records)) return sesEventsFromSns(record);
  if (record?.Type === 'Notification' && typeof record.Message === 'string') {
    try {
      return [JSON.parse(record.Message) as unknown];
    } catch {
      return [null];
    }
  }
  return [body];
}

/** Compares a presented shared secret with the configured one in constant time. */
export function secretMatches(presented: string | undefined, expected: string): boolean {
  if (!presented || !expected) return false;
  const a = createHash('sha256').update(presented).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}
