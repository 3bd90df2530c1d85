import type { LambdaConfig } from '../config';
import { DynamoAccountRepo } from '../adapters/dynamo/account.repo';
import type { DispatchDeps } from '../core/dispatch/run-dispatch';
import { createBrandRoot } from './brand.root';
import { createDataRoot, type DataRoot } from './data.root';
import { createDispatchDeps } from './dispatch.root';
import { createEmailDeps } from './email.root';
import { recordsOnFirstUse } from './records.root';
import { createSmsRoot } from './sms.root';
import { createWebhooksRoot } from './webhooks.root';

/**
 * What the dispatch runs on, over one data root: accounts, records, webhooks, brands, email, texts and
 * the dispatch itself. createAppRoot builds it for the api Lambda (and the local stack), and the
 * dispatch's two Lambdas build it alone (`createDispatchLambdaDeps`), the same code, so they no longer
 * bundle and build at every cold start what only the api's routes use: Cognito, single sign-on,
 * support, teams, API keys, the geocoder, the admin's people (issue 26 item 8).
 */
export function createMessagingRoot(data: DataRoot, opts: { unsubscribeSecret?: string } = {}) {
  const accounts = new DynamoAccountRepo(data.db);
  // Its repositories reach their entities as they are built: on the first request, not at load.
  const records = recordsOnFirstUse(data.db);
  const webhooks = createWebhooksRoot(data, { accounts });
  const brand = createBrandRoot(data, { accounts });
  const email = createEmailDeps(data, { accounts, records, unsubscribeSecret: opts.unsubscribeSecret });
  const sms = createSmsRoot(data, {
    accounts,
    records,
    noticeLinks: { tokens: email.noticeLinks, appOrigin: email.appOrigin },
    events: webhooks.events,
    brands: brand.lookup,
  });
  const dispatch = createDispatchDeps(data, {
    accounts,
    records,
    email,
    texts: sms?.texts,
    escalationTexter: sms?.escalations,
    unsubscribeSecret: opts.unsubscribeSecret,
    events: webhooks.dispatchEvents,
    brands: brand.lookup,
  });
  return { accounts, records, webhooks, brand, email, sms, dispatch };
}

/** The dispatch's Lambdas (the planner and the worker): the dispatch createAppRoot would give them. */
export function createDispatchLambdaDeps(config: LambdaConfig): DispatchDeps {
  return createMessagingRoot(createDataRoot(config)).dispatch;
}
