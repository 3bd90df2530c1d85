import type { LambdaConfig } from '../config';
import { nodeWebhookTransport } from '../adapters/webhooks/webhook-transport';
import type { AccountRepo } from '../core/account/account.ports';
import type { Mailer } from '../core/email/email.ports';
import type { Clock } from '../core/runtime.ports';
import { attemptDelivery, type DeliveryDeps } from '../core/webhooks/deliver-webhook';
import type { WebhooksRoot } from './webhooks.root';

/**
 * The delivery worker's dependencies: the outbound transport (request-filtering-agent) lives only
 * here, so the api and dispatch bundles never hold it. The `webhook-delivery` Lambda builds this;
 * the local stack calls `consumeLocally` so its in-process queue runs the same `attemptDelivery`.
 */
export function createWebhookDeliveryDeps(
  config: LambdaConfig,
  webhooks: WebhooksRoot,
  opts: { accounts: Pick<AccountRepo, 'getProfile'>; mailer: Mailer; clock: Clock },
): DeliveryDeps {
  return {
    store: webhooks.manage.store,
    queue: webhooks.manage.queue,
    transport: nodeWebhookTransport(webhooks.policy),
    clock: opts.clock,
    policy: webhooks.policy,
    accounts: opts.accounts,
    mailer: opts.mailer,
    log: webhooks.log,
    retryScale: config.WEBHOOK_RETRY_SCALE ?? 1,
  };
}

/** The local stack: its in-process queue attempts each job with the Lambda's own code. */
export function consumeLocally(deps: DeliveryDeps, webhooks: WebhooksRoot): void {
  webhooks.localQueue?.consumeWith((job) => attemptDelivery(deps, job));
}
