import { loadConfig } from '../config';
import { DynamoAccountRepo } from '../adapters/dynamo/account.repo';
import { createRecordsStore } from '../adapters/dynamo/records.repo';
import { createDataRoot } from '../composition/data.root';
import { createSmsRoot } from '../composition/sms.root';
import { createSmsEventsHandler } from './app';

// Built once per container, at module load: the table and the SMS client, nothing else.
const data = createDataRoot(loadConfig());
const sms = createSmsRoot(data, {
  accounts: new DynamoAccountRepo(data.db),
  records: createRecordsStore(data.db),
});
if (!sms) throw new Error('SMS_ORIGINATION_IDENTITY is required by the sms-events Lambda');

export const handler = createSmsEventsHandler({
  inbound: sms.inbound,
  deliveries: sms.deliveries,
  clock: data.clock,
});
