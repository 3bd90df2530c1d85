import { attemptDelivery, type DeliveryDeps } from '../../../lambdas/core/webhooks/deliver-webhook';
import type {
  DeliveryJob,
  WebhookDelivery,
  WebhookEndpoint,
  WebhookStore,
} from '../../../lambdas/core/webhooks/webhook.ports';
import { silentLogger } from '../../../lambdas/core/observability.ports';
import { newSigningSecret } from '../../../lambdas/core/webhooks/webhook-signature';

const HOUR = 3600_000;

function memoryStore(
  endpoint: WebhookEndpoint,
  deliveries: WebhookDelivery[],
): WebhookStore & { endpoint: WebhookEndpoint } {
  const store = {
    endpoint,
    createEndpoint: async () => true,
    listEndpoints: async () => [store.endpoint],
    getEndpoint: async () => store.endpoint,
    deleteEndpoint: async () => true,
    setEndpointHealth: async (
      _t: unknown,
      _id: string,
      h: Pick<WebhookEndpoint, 'failingSince' | 'status' | 'disabledAt'>,
    ) => {
      store.endpoint = { ...store.endpoint, ...h };
    },
    createDelivery: async () => true,
    getDelivery: async (_t: unknown, _e: string, id: string) => deliveries.find((d) => d.id === id) ?? null,
    saveDelivery: async (d: WebhookDelivery) => {
      deliveries.splice(
        deliveries.findIndex((x) => x.id === d.id),
        1,
        d,
      );
    },
    listDeliveries: async () => deliveries,
    hasEarlierOpen: async (_t: unknown, _e: string, key: string, before: WebhookDelivery) =>
      deliveries.some(
        (d) =>
          d.orderingKey === key &&
          d.createdAt < before.createdAt &&
          (d.status === 'pending' || d.status === 'retrying'),
      ),
  };
  return store;
}

function delivery(id: string, over: Partial<WebhookDelivery> = {}): WebhookDelivery {
  return {
    tenantId: 't1',
    endpointId: 'e1',
    id,
    eventId: `evt_${id}`,
    type: 'notice.sent',
    body: '{"id":"x"}',
    orderingKey: null,
    status: 'pending',
    attempts: 0,
    createdAt: '2026-12-02T10:00:00.000Z',
    lastAttemptAt: null,
    nextAttemptAt: null,
    statusCode: null,
    durationMs: null,
    responseExcerpt: null,
    ...over,
  };
}

function setup(opts: {
  answer: number;
  failingSince?: string | null;
  now: string;
  deliveries: WebhookDelivery[];
}) {
  const endpoint: WebhookEndpoint = {
    tenantId: 't1',
    id: 'e1',
    url: 'https://hooks.example.com/x',
    events: ['notice.sent'],
    secret: newSigningSecret(),
    status: 'enabled',
    createdAt: '2026-12-01T00:00:00.000Z',
    failingSince: opts.failingSince ?? null,
    disabledAt: null,
  };
  const store = memoryStore(endpoint, opts.deliveries);
  const queued: { job: DeliveryJob; delay: number }[] = [];
  const mails: { to: string[]; subject: string }[] = [];
  const posted: Record<string, string>[] = [];
  const deps: DeliveryDeps = {
    store,
    queue: { enqueue: async (job, delay) => void queued.push({ job, delay }) },
    transport: {
      post: async (_u, headers) => (
        posted.push(headers),
        { statusCode: opts.answer, durationMs: 12, body: 'nope' }
      ),
    },
    clock: { now: () => new Date(opts.now) },
    policy: { allowLoopback: false },
    accounts: { getProfile: async () => ({ email: 'owner@example.com' }) as never },
    mailer: { send: async (m) => (mails.push(m), { messageId: 'm1' }) },
    log: silentLogger,
    retryScale: 1,
  };
  return { deps, store, queued, mails, posted };
}

const job = (deliveryId: string): DeliveryJob => ({ tenantId: 't1', endpointId: 'e1', deliveryId });

describe('webhook delivery attempts', () => {
  it('should schedule the next try with exponential back-off when the receiver fails', async () => {
    const { deps, queued, store } = setup({
      answer: 500,
      now: '2026-12-02T10:00:00.000Z',
      deliveries: [delivery('d1', { attempts: 1 })],
    });
    expect(await attemptDelivery(deps, job('d1'))).toBe('retrying');
    expect(queued).toEqual([{ job: job('d1'), delay: 300 }]);
    expect(await store.getDelivery('t1' as never, 'e1', 'd1')).toMatchObject({
      status: 'retrying',
      attempts: 2,
      statusCode: 500,
    });
    expect(store.endpoint.failingSince).toBe('2026-12-02T10:00:00.000Z');
  });

  it('should disable an endpoint failing for 24 hours and email the owner once', async () => {
    const { deps, store, mails, queued } = setup({
      answer: 503,
      failingSince: '2026-12-01T09:59:00.000Z',
      now: '2026-12-02T10:00:00.000Z',
      deliveries: [delivery('d1', { attempts: 6, status: 'retrying' })],
    });
    expect(await attemptDelivery(deps, job('d1'))).toBe('failed');
    expect(store.endpoint).toMatchObject({ status: 'disabled', disabledAt: '2026-12-02T10:00:00.000Z' });
    expect(mails).toEqual([
      expect.objectContaining({ to: ['owner@example.com'], subject: 'Your Raincheck webhook was disabled' }),
    ]);
    expect(queued).toEqual([]);
  });

  it('should keep retrying an endpoint that has failed for less than 24 hours', async () => {
    const { deps, store } = setup({
      answer: 503,
      failingSince: new Date(Date.parse('2026-12-02T10:00:00.000Z') - 23 * HOUR).toISOString(),
      now: '2026-12-02T10:00:00.000Z',
      deliveries: [delivery('d1', { attempts: 5, status: 'retrying' })],
    });
    expect(await attemptDelivery(deps, job('d1'))).toBe('retrying');
    expect(store.endpoint.status).toBe('enabled');
  });

  it('should clear the failing mark after a success', async () => {
    const { deps, store, posted } = setup({
      answer: 204,
      failingSince: '2026-12-02T09:00:00.000Z',
      now: '2026-12-02T10:00:00.000Z',
      deliveries: [delivery('d1')],
    });
    expect(await attemptDelivery(deps, job('d1'))).toBe('succeeded');
    expect(store.endpoint.failingSince).toBeNull();
    expect(posted[0]).toMatchObject({ 'webhook-id': 'evt_d1', 'content-type': 'application/json' });
  });

  it('should hold a jobsite event back while an earlier one of the same jobsite is still retrying', async () => {
    const earlier = delivery('d1', {
      orderingKey: 'jobsite#j1',
      status: 'retrying',
      createdAt: '2026-12-02T09:00:00.000Z',
    });
    const later = delivery('d2', { orderingKey: 'jobsite#j1' });
    const { deps, queued, posted } = setup({
      answer: 200,
      now: '2026-12-02T10:00:00.000Z',
      deliveries: [earlier, later],
    });
    expect(await attemptDelivery(deps, job('d2'))).toBe('waiting');
    expect(posted).toEqual([]);
    expect(queued).toHaveLength(1);
  });

  it('should leave a delivery that already succeeded alone when its job arrives twice', async () => {
    const { deps, posted } = setup({
      answer: 200,
      now: '2026-12-02T10:00:00.000Z',
      deliveries: [delivery('d1', { status: 'succeeded', attempts: 1 })],
    });
    expect(await attemptDelivery(deps, job('d1'))).toBe('succeeded');
    expect(posted).toEqual([]);
  });

  it('should refuse to post to a private address even if one was stored', async () => {
    const { deps, store, posted } = setup({
      answer: 200,
      now: '2026-12-02T10:00:00.000Z',
      deliveries: [delivery('d1')],
    });
    store.endpoint = { ...store.endpoint, url: 'https://169.254.169.254/latest' };
    expect(await attemptDelivery(deps, job('d1'))).toBe('retrying');
    expect(posted).toEqual([]);
    expect(await store.getDelivery('t1' as never, 'e1', 'd1')).toMatchObject({
      statusCode: null,
      responseExcerpt: expect.stringMatching(/public address/),
    });
  });
});
