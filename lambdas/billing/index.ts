import { handle } from 'hono/aws-lambda';
import { loadConfig } from '../config';
import { createBillingDeps } from '../composition/billing.root';
import { liveApiGatewayAuthenticate } from '../composition/auth.root';
import { createDataRoot } from '../composition/data.root';
import { createBillingApp } from './app';

// Built once per container; the Stripe keys are loaded on the first request that needs them.
const config = loadConfig();
const data = createDataRoot(config);
const billing = createBillingDeps(data);

export const handler = handle(
  createBillingApp({ authenticate: liveApiGatewayAuthenticate(config, data.clock, data.db), billing }),
);
