import { randomUUID } from 'node:crypto';
import type { LambdaConfig } from './config';
import { DynamoAccountRepo } from './adapters/dynamo/account.repo';
import { DynamoBillingStore } from './adapters/dynamo/billing.repo';
import { createDocumentClient } from './adapters/dynamo/client';
import { DynamoDispatchRunRepo, DynamoJobsiteScheduleRepo } from './adapters/dynamo/dispatch.repo';
import { createRecordsStore } from './adapters/dynamo/records.repo';
import { createRaincheckService } from './adapters/dynamo/service';
import type { StripeKeys } from './adapters/stripe/stripe.client';
import { createStripeBilling } from './adapters/stripe/stripe.billing';
import type { Clock, IdGenerator } from './core/runtime.ports';

export interface CompositionOptions {
  clock?: Clock;
  ids?: IdGenerator;
  /** Where the Stripe keys come from (tests); default: config (env or Secrets Manager). */
  stripeKeys?: () => Promise<StripeKeys>;
}

/**
 * The one composition root of a runtime: each Lambda container builds it once at module load, the
 * local stack once for all its apps. Clients (DynamoDB, Stripe) are created here and nowhere else.
 */
export function createCompositionRoot(config: LambdaConfig, opts: CompositionOptions = {}) {
  const db = createRaincheckService(
    config.TABLE_NAME,
    createDocumentClient({ region: config.AWS_REGION, endpoint: config.DYNAMODB_ENDPOINT }),
  );
  const clock = opts.clock ?? { now: () => new Date() };
  const ids = opts.ids ?? { next: () => randomUUID() };
  const accounts = new DynamoAccountRepo(db);
  const stripe = createStripeBilling(config, opts.stripeKeys);
  const billing = {
    store: new DynamoBillingStore(db),
    accounts,
    gateway: stripe.gateway,
    clock,
    appOrigin: (config.APP_ORIGIN ?? '').replace(/\/$/, ''),
    verifyEvent: stripe.verifyEvent,
  };
  return {
    config,
    db,
    clock,
    ids,
    accounts,
    records: createRecordsStore(db),
    billing,
    dispatch: {
      jobsites: new DynamoJobsiteScheduleRepo(db),
      runs: new DynamoDispatchRunRepo(db),
      clock,
      ids,
    },
  };
}

export type CompositionRoot = ReturnType<typeof createCompositionRoot>;
export type BillingDeps = CompositionRoot['billing'];
