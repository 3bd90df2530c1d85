import { Hono } from 'hono';
import type Stripe from 'stripe';
import { InvalidSignatureError, MalformedEventError, toBillingEvent } from '../adapters/stripe/stripe.events';
import { applyStripeEvent, type ApplyEventDeps } from '../core/billing/apply-stripe-event';
import { limitBody, type AppEnv } from '../http/kit';

export const WEBHOOK_PATH = '/api/stripe/webhook';
/** Stripe's events are small, but an invoice with many lines can pass 64 KB. */
const WEBHOOK_BODY_LIMIT_BYTES = 1024 * 1024;

export interface WebhookDeps extends ApplyEventDeps {
  verifyEvent: (rawBody: Buffer, signature: string | undefined) => Promise<Stripe.Event>;
  /** One JSON line per event; default console. */
  log?: (level: 'info' | 'warn' | 'error', line: string) => void;
}

export type WebhookLog = (
  level: 'info' | 'warn' | 'error',
  message: string,
  fields: Record<string, unknown>,
) => void;

export function webhookLogger(deps: Pick<WebhookDeps, 'log'>): WebhookLog {
  const write = deps.log ?? ((level, line) => (level === 'error' ? console.error(line) : console.log(line)));
  return (level, message, fields) => write(level, JSON.stringify({ level, message, ...fields }));
}

/**
 * POST /api/stripe/webhook (public: Stripe authenticates by signature). 400 for a bad signature;
 * 200 once the event is applied (or was already); any failure answers 500 with nothing written,
 * so Stripe delivers the event again.
 */
export function stripeWebhookRoutes(deps: WebhookDeps) {
  const log = webhookLogger(deps);
  return new Hono<AppEnv>().post(WEBHOOK_PATH, limitBody(WEBHOOK_BODY_LIMIT_BYTES), async (c) => {
    const raw = Buffer.from(await c.req.arrayBuffer());
    let event: Stripe.Event;
    try {
      event = await deps.verifyEvent(raw, c.req.header('stripe-signature'));
    } catch (err) {
      if (err instanceof InvalidSignatureError) {
        log('warn', 'Rejected webhook signature', { reason: err.message });
        return c.json({ error: 'Invalid signature' }, 400);
      }
      if (err instanceof MalformedEventError) {
        log('warn', 'Rejected a signed payload that is not a Stripe event', { reason: err.message });
        return c.json({ error: 'Malformed event' }, 400);
      }
      throw err;
    }
    const result = await applyStripeEvent(toBillingEvent(event), {
      ...deps,
      warn: deps.warn ?? ((message, fields) => log('warn', message, fields)),
    });
    log('info', 'Stripe event', { eventId: event.id, type: event.type, result });
    return c.json({ received: true, result });
  });
}
