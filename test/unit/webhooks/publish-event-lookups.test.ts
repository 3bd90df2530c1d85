import { webhookEventPublisher } from '../../../lambdas/core/webhooks/publish-event';
import { silentLogger } from '../../../lambdas/core/observability.ports';
import type { WebhookEndpoint, WebhookStore } from '../../../lambdas/core/webhooks/webhook.ports';

const endpoint = {
  tenantId: 't1',
  id: 'e1',
  status: 'enabled',
  events: ['notice.sent'],
} as unknown as WebhookEndpoint;

function publisherWith(lookupTtlMs: number | undefined) {
  let now = Date.parse('2026-11-27T13:00:00Z');
  const counts = { listEndpoints: 0, getSubscription: 0, deliveries: 0, queued: 0 };
  const store = {
    listEndpoints: async () => {
      counts.listEndpoints += 1;
      return [endpoint];
    },
    createDelivery: async () => {
      counts.deliveries += 1;
      return true;
    },
  } as unknown as WebhookStore;
  const publisher = webhookEventPublisher({
    store,
    queue: { enqueue: async () => void (counts.queued += 1) },
    accounts: {
      getSubscription: async () => {
        counts.getSubscription += 1;
        return { plan: 'enterprise', status: 'active' } as never;
      },
    },
    clock: { now: () => new Date(now) },
    log: silentLogger,
    ...(lookupTtlMs === undefined ? {} : { lookupTtlMs }),
  });
  const publishMany = (n: number) =>
    Promise.all(
      Array.from({ length: n }, (_, i) =>
        publisher.publish({ tenantId: 't1', type: 'notice.sent', eventId: `evt_${i}`, data: {} }),
      ),
    );
  return { counts, publishMany, advance: (ms: number) => (now += ms) };
}

describe('webhookEventPublisher lookups', () => {
  it('with a lookup TTL (the dispatch), reads an account’s endpoints and plan once for 50 events, again after it', async () => {
    const { counts, publishMany, advance } = publisherWith(60_000);
    await publishMany(50);
    expect(counts).toMatchObject({ listEndpoints: 1, getSubscription: 1, deliveries: 50 });
    advance(60_001);
    await publishMany(1);
    expect(counts).toMatchObject({ listEndpoints: 2, getSubscription: 2, deliveries: 51 });
  });

  it('without one, reads them for every event', async () => {
    const { counts, publishMany } = publisherWith(undefined);
    await publishMany(5);
    expect(counts).toMatchObject({ listEndpoints: 5, getSubscription: 5, deliveries: 5 });
  });
});
