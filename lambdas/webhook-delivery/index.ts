import { loadConfig } from '../config';
import { createDataRoot } from '../composition/data.root';
import { createWebhooksRoot } from '../composition/webhooks.root';
import { createWebhookDeliveryDeps } from '../composition/webhook-delivery.root';
import { DynamoAccountRepo } from '../adapters/dynamo/account.repo';
import { createSesClient, SesMailer } from '../adapters/ses/ses.mailer';
import { createWebhookDeliveryHandler } from './app';
import { builtOnFirstUse } from '../composition/built-on-first-use';

// Built once per container, at module load: the table, the queue, SES for the owner's notice, and
// the outbound transport. No Stripe, no weather, no records.
const config = loadConfig();
const data = createDataRoot(config);
const accounts = new DynamoAccountRepo(data.db);
const mailer = new SesMailer(
  builtOnFirstUse(() => createSesClient({ region: config.AWS_REGION, endpoint: config.SES_ENDPOINT })),
  config.MAIL_FROM,
  config.SES_CONFIGURATION_SET,
);

export const handler = createWebhookDeliveryHandler(
  createWebhookDeliveryDeps(config, createWebhooksRoot(data, { accounts }), {
    accounts,
    mailer,
    clock: data.clock,
  }),
);
