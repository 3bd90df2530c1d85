import { sec, type Obj, type SandboxStore } from './sandbox-store';
import { stripeSignatureHeader } from './sign';

const API_VERSION = '2026-10-28.endive';

export interface Delivery {
  eventId: string;
  type: string;
  status: number;
}

export interface SignedEvent {
  id: string;
  type: string;
  payload: string;
  signature: string;
}

export interface WebhookTarget {
  /** Where events are POSTed: the app's `/api/stripe/webhook`. */
  webhookUrl: string;
  webhookSecret: string;
}

/** The events the sandbox makes, signs as Stripe signs them and POSTs to the app's webhook. */
export function createWebhookEvents(store: SandboxStore, target: WebhookTarget) {
  const { state, now, newId } = store;
  /** This run's events by id, so a control route can send one again. */
  const sent = new Map<string, SignedEvent>();

  function makeEvent(type: string, object: Obj, previous?: Obj): SignedEvent {
    const id = newId('evt');
    const created = sec(now());
    const event = {
      id,
      object: 'event',
      api_version: API_VERSION,
      created,
      data: { object: structuredClone(object), ...(previous ? { previous_attributes: previous } : {}) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    };
    state.events.push({ id, type, created, deliveries: [] });
    const payload = JSON.stringify(event, null, 2);
    return { id, type, payload, signature: stripeSignatureHeader(payload, target.webhookSecret, created) };
  }

  async function deliver(events: SignedEvent[]): Promise<Delivery[]> {
    const results: Delivery[] = [];
    for (const e of events) {
      // Signed at delivery time, as Stripe does for every attempt.
      const signature = stripeSignatureHeader(e.payload, target.webhookSecret, sec(new Date()));
      let status: number;
      try {
        const res = await fetch(target.webhookUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
          body: e.payload,
        });
        status = res.status;
        await res.arrayBuffer();
      } catch {
        status = 0;
      }
      state.events.find((x) => x.id === e.id)?.deliveries.push({ at: new Date().toISOString(), status });
      results.push({ eventId: e.id, type: e.type, status });
    }
    store.save();
    return results;
  }

  function remember(events: SignedEvent[]): SignedEvent[] {
    for (const e of events) sent.set(e.id, e);
    return events;
  }

  /** Events caused by API calls reach the webhook after the API call has answered, as with Stripe. */
  function deliverLater(events: SignedEvent[]) {
    remember(events);
    setTimeout(() => {
      deliver(events).catch((err) => console.error(`[stripe-sandbox] event delivery failed: ${String(err)}`));
    }, 25);
  }

  /** One event of this run, or undefined (events of earlier runs are not kept signed). */
  const eventOfThisRun = (id: string) => sent.get(id);

  return { makeEvent, deliver, remember, deliverLater, eventOfThisRun };
}

export type WebhookEvents = ReturnType<typeof createWebhookEvents>;
