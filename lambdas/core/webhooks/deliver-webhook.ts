import {
  WEBHOOK_BODY_EXCERPT_CHARS,
  WEBHOOK_DISABLE_AFTER_MS,
  WEBHOOK_RETRY_DELAYS_SECONDS,
} from '../../../shared/webhooks';
import type { AccountRepo } from '../account/account.ports';
import { tenantFromStore, type TenantId } from '../caller';
import type { Mailer } from '../email/email.ports';
import type { Logger } from '../observability.ports';
import type { Clock } from '../runtime.ports';
import { assertWebhookUrl, type WebhookUrlPolicy } from './webhook-addresses';
import { signWebhook } from './webhook-signature';
import type {
  DeliveryJob,
  WebhookDelivery,
  WebhookEndpoint,
  WebhookQueue,
  WebhookStore,
  WebhookTransport,
} from './webhook.ports';

export interface DeliveryDeps {
  store: WebhookStore;
  queue: WebhookQueue;
  transport: WebhookTransport;
  clock: Clock;
  policy: WebhookUrlPolicy;
  accounts: Pick<AccountRepo, 'getProfile'>;
  mailer: Mailer;
  log: Logger;
  /**
   * Multiplies the retry delays (1 in AWS and `npm start`; the integration tests' stack shrinks them
   * so a receiver that fails twice is retried within the test). The 24 h that disable an endpoint
   * are real time whatever the scale.
   */
  retryScale: number;
}

/** A delivery waiting behind an earlier one of its jobsite looks again after this long (scaled). */
const ORDER_WAIT_SECONDS = 5;

export type AttemptOutcome = 'succeeded' | 'retrying' | 'failed' | 'waiting' | 'gone';

/**
 * One attempt of one delivery: the worker (SQS consumer in AWS, timers locally) calls it for every
 * job it receives. Safe to run twice for the same job (SQS delivers at least once): a delivery that
 * already succeeded or failed for good is left alone, and one not yet due is put back.
 */
export async function attemptDelivery(deps: DeliveryDeps, job: DeliveryJob): Promise<AttemptOutcome> {
  const tenant = tenantFromStore(job.tenantId);
  const [endpoint, delivery] = await Promise.all([
    deps.store.getEndpoint(tenant, job.endpointId),
    deps.store.getDelivery(tenant, job.endpointId, job.deliveryId),
  ]);
  if (!endpoint || !delivery) return 'gone';
  if (delivery.status === 'succeeded' || delivery.status === 'failed') return delivery.status;
  const now = deps.clock.now();
  if (endpoint.status === 'disabled') {
    await deps.store.saveDelivery({ ...delivery, status: 'failed', nextAttemptAt: null });
    return 'failed';
  }
  const dueIn = delivery.nextAttemptAt ? (Date.parse(delivery.nextAttemptAt) - now.getTime()) / 1000 : 0;
  if (dueIn > 0) {
    await deps.queue.enqueue(job, Math.ceil(dueIn));
    return 'waiting';
  }
  if (
    delivery.orderingKey &&
    (await deps.store.hasEarlierOpen(tenant, endpoint.id, delivery.orderingKey, delivery))
  ) {
    await deps.queue.enqueue(job, ORDER_WAIT_SECONDS * deps.retryScale);
    return 'waiting';
  }
  const answer = await send(deps, endpoint, delivery, now);
  const attempted: WebhookDelivery = {
    ...delivery,
    attempts: delivery.attempts + 1,
    lastAttemptAt: now.toISOString(),
    statusCode: answer.statusCode,
    durationMs: answer.durationMs,
    responseExcerpt: answer.excerpt,
  };
  if (answer.statusCode !== null && answer.statusCode >= 200 && answer.statusCode < 300) {
    await deps.store.saveDelivery({ ...attempted, status: 'succeeded', nextAttemptAt: null });
    if (endpoint.failingSince)
      await deps.store.setEndpointHealth(tenant, endpoint.id, {
        failingSince: null,
        status: 'enabled',
        disabledAt: null,
      });
    return 'succeeded';
  }
  return afterFailure(deps, tenant, endpoint, attempted, job, now);
}

async function afterFailure(
  deps: DeliveryDeps,
  tenant: TenantId,
  endpoint: WebhookEndpoint,
  delivery: WebhookDelivery,
  job: DeliveryJob,
  now: Date,
): Promise<AttemptOutcome> {
  const failingSince = endpoint.failingSince ?? now.toISOString();
  if (now.getTime() - Date.parse(failingSince) >= WEBHOOK_DISABLE_AFTER_MS) {
    await deps.store.saveDelivery({ ...delivery, status: 'failed', nextAttemptAt: null });
    await disableEndpoint(deps, tenant, endpoint, failingSince, now);
    return 'failed';
  }
  if (!endpoint.failingSince)
    await deps.store.setEndpointHealth(tenant, endpoint.id, {
      failingSince,
      status: 'enabled',
      disabledAt: null,
    });
  const delay = WEBHOOK_RETRY_DELAYS_SECONDS[delivery.attempts - 1];
  if (delay === undefined) {
    await deps.store.saveDelivery({ ...delivery, status: 'failed', nextAttemptAt: null });
    return 'failed';
  }
  const waitSeconds = delay * deps.retryScale;
  const nextAttemptAt = new Date(now.getTime() + waitSeconds * 1000).toISOString();
  await deps.store.saveDelivery({ ...delivery, status: 'retrying', nextAttemptAt });
  await deps.queue.enqueue(job, waitSeconds);
  return 'retrying';
}

/** Signs and posts; any failure to get an answer (refused address, timeout, reset) is a failed attempt. */
async function send(deps: DeliveryDeps, endpoint: WebhookEndpoint, delivery: WebhookDelivery, now: Date) {
  const started = Date.now();
  try {
    const url = assertWebhookUrl(endpoint.url, deps.policy);
    const headers = {
      ...signWebhook(endpoint.secret, delivery.eventId, now, delivery.body),
      'content-type': 'application/json',
      'user-agent': 'Raincheck-Webhooks/1',
    };
    const res = await deps.transport.post(url, headers, delivery.body);
    return {
      statusCode: res.statusCode,
      durationMs: res.durationMs,
      excerpt: res.body.slice(0, WEBHOOK_BODY_EXCERPT_CHARS),
    };
  } catch (err) {
    return {
      statusCode: null,
      durationMs: Date.now() - started,
      excerpt: (err as Error).message.slice(0, 200),
    };
  }
}

/** After 24 h without a success: no more attempts, and the account's owner hears why. */
async function disableEndpoint(
  deps: DeliveryDeps,
  tenant: TenantId,
  endpoint: WebhookEndpoint,
  failingSince: string,
  now: Date,
): Promise<void> {
  await deps.store.setEndpointHealth(tenant, endpoint.id, {
    failingSince,
    status: 'disabled',
    disabledAt: now.toISOString(),
  });
  const owner = await deps.accounts.getProfile(tenant);
  if (!owner?.email) return;
  try {
    await deps.mailer.send({
      to: [owner.email],
      subject: 'Your Raincheck webhook was disabled',
      text: [
        `The webhook endpoint ${endpoint.url} has failed every delivery since ${failingSince} (UTC), so Raincheck has disabled it and stopped sending to it.`,
        'Check that the receiver is up and answers with a 2xx status, then add the endpoint again on /settings/webhooks.',
      ].join('\n\n'),
    });
  } catch (err) {
    deps.log.error('webhook: the owner could not be emailed about a disabled endpoint', {
      endpointId: endpoint.id,
      error: (err as Error).message,
    });
  }
}
