import { handle } from 'hono/aws-lambda';
import { loadConfig } from '../config';
import { createBillingDeps } from '../composition/billing.root';
import { createDataRoot } from '../composition/data.root';
import { createWebhookApp } from './app';

// Built once per container; the Stripe secret is read from Secrets Manager on the first event.
export const handler = handle(createWebhookApp(createBillingDeps(createDataRoot(loadConfig()))));
