import { handle } from 'hono/aws-lambda';
import { loadConfig } from '../config';
import { DynamoAccountRepo } from '../adapters/dynamo/account.repo';
import { createRecordsStore } from '../adapters/dynamo/records.repo';
import { createDataRoot } from '../composition/data.root';
import { authenticateFromApiGateway } from '../http/api-gateway';
import { createApiApp } from './app';

// Built once per container, at module load. Billing routes live in the billing Lambda: this bundle
// holds no Stripe.
const data = createDataRoot(loadConfig());

export const handler = handle(
  createApiApp({
    authenticate: authenticateFromApiGateway,
    accounts: new DynamoAccountRepo(data.db),
    records: createRecordsStore(data.db),
    clock: data.clock,
    ids: data.ids,
  }),
);
