import { DynamoWebhookStore } from '../adapters/dynamo/webhooks.repo';
import { powertoolsLogger } from '../adapters/observability/powertools.logger';
import { InProcessWebhookQueue } from '../adapters/webhooks/webhook-queue.in-process';
import { SqsWebhookQueue } from '../adapters/webhooks/webhook-queue.sqs';
import type { AccountRepo } from '../core/account/account.ports';
import { silentLogger } from '../core/observability.ports';
import type { ManageWebhooksDeps } from '../core/webhooks/manage-webhooks';
import { webhookEventPublisher } from '../core/webhooks/publish-event';
import type { WebhookUrlPolicy } from '../core/webhooks/webhook-addresses';
import type { WebhookQueue } from '../core/webhooks/webhook.ports';
import type { DataRoot } from './data.root';
import { builtOnFirstUse } from './built-on-first-use';

/** How long the dispatch keeps an account's webhook endpoints between the events of its messages. */
export const DISPATCH_LOOKUP_TTL_MS = 60_000;

/** Inside Lambda a missing queue is a deployment error: say so on every publish instead of losing events. */
const missingQueue: WebhookQueue = {
  enqueue: () =>
    Promise.reject(new Error('WEBHOOK_QUEUE_URL is not set: webhook deliveries cannot be queued')),
};

/**
 * Webhooks (issue 23 §5–6): the endpoints and deliveries, the queue of delivery jobs and the event
 * publisher every hook calls. In AWS the queue is SQS (the `webhook-delivery` Lambda attempts each
 * job); locally it is in process, and `webhook-delivery.root.ts` attaches the same worker to it.
 * Loopback receivers are allowed only when the local stack asks and never inside Lambda.
 */
export function createWebhooksRoot(data: DataRoot, opts: { accounts: AccountRepo }) {
  const { config } = data;
  const inLambda = Boolean(config.AWS_LAMBDA_FUNCTION_NAME);
  const policy: WebhookUrlPolicy = { allowLoopback: config.WEBHOOKS_ALLOW_LOOPBACK === 'true' && !inLambda };
  const store = new DynamoWebhookStore(data.db);
  const local = !config.WEBHOOK_QUEUE_URL && !inLambda ? new InProcessWebhookQueue() : null;
  const queue: WebhookQueue = config.WEBHOOK_QUEUE_URL
    ? builtOnFirstUse(() => new SqsWebhookQueue(config.WEBHOOK_QUEUE_URL!))
    : (local ?? missingQueue);
  const log = inLambda ? powertoolsLogger() : silentLogger;
  const manage: ManageWebhooksDeps = { store, queue, accounts: opts.accounts, clock: data.clock, policy };
  return {
    manage,
    events: webhookEventPublisher({ store, queue, accounts: opts.accounts, clock: data.clock, log }),
    /**
     * The dispatch's publisher (one `*.sent` event per message): an account's endpoints and plan
     * are read once a minute, not per message, so a new or disabled endpoint counts from then on.
     */
    dispatchEvents: webhookEventPublisher({
      store,
      queue,
      accounts: opts.accounts,
      clock: data.clock,
      log,
      lookupTtlMs: DISPATCH_LOOKUP_TTL_MS,
    }),
    policy,
    log,
    /** The local stack's in-process queue (null in AWS), for `webhook-delivery.root.ts` to consume. */
    localQueue: local,
  };
}

export type WebhooksRoot = ReturnType<typeof createWebhooksRoot>;
