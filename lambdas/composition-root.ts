import type { LambdaConfig } from './config';
import { createBillingDeps, type BillingRootOptions } from './composition/billing.root';
import { createAppRoot, type AppRootOptions } from './composition/app.root';

export type { BillingDeps } from './composition/billing.root';

export interface CompositionOptions extends AppRootOptions, Pick<BillingRootOptions, 'stripeKeys'> {}

/**
 * Every concern of a runtime in one root, for runtimes that serve all the apps: the local stack (one
 * for all its apps) and the integration tests. Each Lambda builds only the concern roots its routes
 * need (lambdas/composition/*.root.ts), so its bundle holds only those adapters: Stripe only where
 * billing runs. Clients (DynamoDB, SES, Stripe) are created in those roots and nowhere else.
 */
export function createCompositionRoot(config: LambdaConfig, opts: CompositionOptions = {}) {
  const app = createAppRoot(config, opts);
  return {
    ...app,
    billing: createBillingDeps(app, {
      stripeKeys: opts.stripeKeys,
      accounts: app.accounts,
      mailer: app.mailer,
      unsubscribeSecret: opts.unsubscribeSecret,
    }),
  };
}

export type CompositionRoot = ReturnType<typeof createCompositionRoot>;
