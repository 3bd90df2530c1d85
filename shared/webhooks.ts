import * as z from 'zod';
import { namesOf } from './named-set';
import { objectOnFirstUse } from './object-on-first-use';

/**
 * Signed webhooks (issue 23 §5–8): the events an endpoint can ask for, the create body the SPA and
 * the API validate with, the retry schedule and the shapes the settings page reads. Each event
 * below with what the settings page says beside its checkbox.
 */
export const WEBHOOK_EVENT_LABELS = {
  'notice.sent': 'A delay notice was sent',
  'update.sent': 'An update to a notice was sent',
  'all_clear.sent': 'An all-clear was sent',
  'confirmation.received': 'A foreman answered a confirmation',
  'ledger.day_marked': 'A ledger day was marked worked or not',
  'jobsite.created': 'A jobsite was created',
  'jobsite.updated': 'A jobsite was changed',
  'jobsite.deleted': 'A jobsite was deleted',
} satisfies Record<string, string>;
export type WebhookEventType = keyof typeof WEBHOOK_EVENT_LABELS;
export const WEBHOOK_EVENT_TYPES = namesOf(WEBHOOK_EVENT_LABELS);

/** Endpoints an account may register; each delivery is a request to a customer's server. */
export const MAX_WEBHOOK_ENDPOINTS = 10;
/** The settings page lists this many of an endpoint's latest deliveries. */
export const WEBHOOK_DELIVERIES_SHOWN = 50;
/** Characters of a receiver's answer kept with the delivery (what the page shows). */
export const WEBHOOK_BODY_EXCERPT_CHARS = 500;
/** An attempt waits this long for the receiver's answer. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** An endpoint failing for this long without one success is disabled and its owner emailed. */
export const WEBHOOK_DISABLE_AFTER_MS = 24 * 60 * 60 * 1000;

/**
 * Seconds before each retry after a failed attempt (Standard Webhooks' customary back-off, the one
 * Svix documents): 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, 10 h: a little over 24 h in all, so the
 * last attempts fall after the 24 h that disable an endpoint that never answered.
 */
export const WEBHOOK_RETRY_DELAYS_SECONDS = [5, 300, 1800, 7200, 18_000, 36_000, 36_000, 36_000] as const;

export const WEBHOOK_MESSAGES = {
  urlInvalid: 'URL must be a full address like https://example.com/hooks',
  urlNotHttps: 'URL must start with https://',
  urlPrivate: 'URL must reach a public address (not a private, loopback or link-local one)',
  urlCredentials: 'URL must not contain a user name or password',
  eventsEmpty: 'Choose at least one event',
  eventUnknown: `Events must be among ${WEBHOOK_EVENT_TYPES.join(', ')}`,
  eventsRepeated: 'Each event may be chosen once',
  tooMany: `An account can have at most ${MAX_WEBHOOK_ENDPOINTS} webhook endpoints`,
  notFound: 'Webhook not found',
  deliveryNotFound: 'Delivery not found',
  disabled: 'This webhook is disabled after failing for 24 hours; add it again to start over',
} as const;

export const webhookInputSchema = /* @__PURE__ */ objectOnFirstUse(() => ({
  url: z
    .string({ message: WEBHOOK_MESSAGES.urlInvalid })
    .trim()
    .max(2000, 'URL must be at most 2000 characters')
    .refine((u) => URL.canParse(u), WEBHOOK_MESSAGES.urlInvalid),
  events: z
    .array(z.enum(WEBHOOK_EVENT_TYPES, { message: WEBHOOK_MESSAGES.eventUnknown }), {
      message: WEBHOOK_MESSAGES.eventsEmpty,
    })
    .min(1, WEBHOOK_MESSAGES.eventsEmpty)
    .refine((events) => new Set(events).size === events.length, WEBHOOK_MESSAGES.eventsRepeated),
}));
export type WebhookInput = z.output<typeof webhookInputSchema>;

/** `GET /api/webhooks` items: never the secret, which is shown once, on create. */
export interface WebhookEndpointView {
  id: string;
  url: string;
  events: WebhookEventType[];
  status: 'enabled' | 'disabled';
  createdAt: string;
  /** When the endpoint started failing (no success since); null when its last attempt succeeded. */
  failingSince: string | null;
  disabledAt: string | null;
}

/** `POST /api/webhooks` answer (201): the signing secret, this once. */
export interface WebhookCreated extends WebhookEndpointView {
  secret: string;
}

export type WebhookDeliveryStatus = 'pending' | 'succeeded' | 'retrying' | 'failed';

/** One delivery of one event to one endpoint, with its last attempt. */
export interface WebhookDeliveryView {
  id: string;
  /** The event's id: the `webhook-id` header and the body's `id`, the same on every retry and resend. */
  eventId: string;
  type: WebhookEventType | 'webhook.test';
  status: WebhookDeliveryStatus;
  attempts: number;
  createdAt: string;
  lastAttemptAt: string | null;
  nextAttemptAt: string | null;
  /** The receiver's HTTP status, or null when no answer came (refused, timed out, unreachable). */
  statusCode: number | null;
  durationMs: number | null;
  /** The first characters of the receiver's answer, or why there was none. */
  responseExcerpt: string | null;
}

export interface WebhookDeliveriesResponse {
  items: WebhookDeliveryView[];
}
