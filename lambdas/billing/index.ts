import { handle } from 'hono/aws-lambda';
import { loadConfig } from '../config';
import { createBillingDeps } from '../composition/billing.root';
import { createDataRoot } from '../composition/data.root';
import { authenticateFromApiGateway } from '../http/api-gateway';
import { createBillingApp } from './app';

// Built once per container; the Stripe keys are loaded on the first request that needs them.
const billing = createBillingDeps(createDataRoot(loadConfig()));

export const handler = handle(createBillingApp({ authenticate: authenticateFromApiGateway, billing }));
