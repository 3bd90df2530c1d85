import { loadConfig } from '../config';
import { DynamoAccountRepo } from '../adapters/dynamo/account.repo';
import { createDataRoot } from '../composition/data.root';
import { createSmsRoot } from '../composition/sms.root';
import { recordsOnFirstUse } from '../composition/records.root';
import { createWebhooksRoot } from '../composition/webhooks.root';
import { createSmsEventsHandler } from './app';

// Built once per container, at module load: the table, the SMS client and the webhook queue.
const data = createDataRoot(loadConfig());
const accounts = new DynamoAccountRepo(data.db);
const sms = createSmsRoot(data, {
  accounts,
  records: recordsOnFirstUse(data.db),
  // A foreman's "1" or "2" raises `confirmation.received` for the account's webhooks (issue 23).
  events: createWebhooksRoot(data, { accounts }).events,
});
if (!sms) throw new Error('SMS_ORIGINATION_IDENTITY is required by the sms-events Lambda');

export const handler = createSmsEventsHandler({
  inbound: sms.inbound,
  deliveries: sms.deliveries,
  clock: data.clock,
});
