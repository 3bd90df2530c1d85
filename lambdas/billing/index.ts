import { handle } from 'hono/aws-lambda';
import { loadConfig } from '../config';
import { createBillingDeps } from '../composition/billing.root';
import { createAuthRoot } from '../composition/auth.root';
import { createDataRoot } from '../composition/data.root';
import { withLiveStatus } from '../http/live-authenticate';
import { authenticateFromApiGateway } from '../http/api-gateway';
import { createBillingApp } from './app';

// Built once per container; the Stripe keys are loaded on the first request that needs them.
const config = loadConfig();
const data = createDataRoot(config);
const billing = createBillingDeps(data);
const { userStatuses } = createAuthRoot(config, data.clock);

export const handler = handle(
  createBillingApp({ authenticate: withLiveStatus(authenticateFromApiGateway, userStatuses), billing }),
);
