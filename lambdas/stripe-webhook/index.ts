import { handle } from 'hono/aws-lambda';
import { loadConfig } from '../config';
import { composeBilling } from '../checkout/compose';
import { createWebhookApp } from './webhook.app';

// Built once per container; the Stripe secret is read from Secrets Manager on the first event.
const app = createWebhookApp(composeBilling(loadConfig()));

export const handler = handle(app);
