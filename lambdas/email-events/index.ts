import { loadConfig } from '../config';
import { createDataRoot } from '../composition/data.root';
import { DynamoWorkerStatusRepo } from '../adapters/dynamo/worker-status.repo';
import { DynamoSuppressionList } from '../adapters/dynamo/suppression-list.repo';
import { DynamoDeliveryStats } from '../adapters/dynamo/delivery-stats.repo';
import { createEmailEventsHandler } from './app';

// Built once per container, at module load: only the table, no Stripe, no SES.
const data = createDataRoot(loadConfig());

export const handler = createEmailEventsHandler({
  workers: new DynamoWorkerStatusRepo(data.db),
  suppressions: new DynamoSuppressionList(data.db),
  clock: data.clock,
  stats: new DynamoDeliveryStats(data.db),
});
