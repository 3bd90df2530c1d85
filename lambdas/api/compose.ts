import type { LambdaConfig } from '../config';
import { createDocumentClient } from '../adapters/dynamo/client';
import { createEntities } from '../adapters/dynamo/entities';
import { DynamoAccountRepo } from '../adapters/dynamo/account.repo';
import { composeBilling, type BillingComposeOptions } from '../checkout/compose';
import { createApiApp, type Authenticate } from './app';

/** Wires the API app to its adapters; the Lambda entry and the local server differ only in `authenticate`. */
export function composeApiApp(
  config: LambdaConfig,
  authenticate: Authenticate,
  billingOptions?: BillingComposeOptions,
) {
  const db = createEntities(
    config.TABLE_NAME,
    createDocumentClient({ region: config.AWS_REGION, endpoint: config.DYNAMODB_ENDPOINT }),
  );
  return createApiApp({
    authenticate,
    accounts: new DynamoAccountRepo(db),
    clock: { now: () => new Date() },
    billing: composeBilling(config, billingOptions),
  });
}
