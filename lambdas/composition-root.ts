import type { LambdaConfig } from './config';
import { DynamoAccountRepo } from './adapters/dynamo/account.repo';
import { createRecordsStore } from './adapters/dynamo/records.repo';
import { createBillingDeps, type BillingRootOptions } from './composition/billing.root';
import { createDataRoot, type DataRootOptions } from './composition/data.root';
import { createDispatchDeps } from './composition/dispatch.root';

export type { BillingDeps } from './composition/billing.root';

export interface CompositionOptions extends DataRootOptions, Pick<BillingRootOptions, 'stripeKeys'> {}

/**
 * Every concern of a runtime in one root, for runtimes that serve all the apps: the local stack (one
 * for all its apps) and the integration tests. Each Lambda builds only the concern roots its routes
 * need (lambdas/composition/*.root.ts), so its bundle holds only those adapters: Stripe only where
 * billing runs. Clients (DynamoDB, Stripe) are created in those roots and nowhere else.
 */
export function createCompositionRoot(config: LambdaConfig, opts: CompositionOptions = {}) {
  const data = createDataRoot(config, opts);
  const accounts = new DynamoAccountRepo(data.db);
  return {
    ...data,
    accounts,
    records: createRecordsStore(data.db),
    billing: createBillingDeps(data, { stripeKeys: opts.stripeKeys, accounts }),
    dispatch: createDispatchDeps(data),
  };
}

export type CompositionRoot = ReturnType<typeof createCompositionRoot>;
