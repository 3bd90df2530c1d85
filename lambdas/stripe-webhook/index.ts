import { handle } from 'hono/aws-lambda';
import { loadConfig } from '../config';
import { createCompositionRoot } from '../composition-root';
import { createWebhookApp } from './app';

// Built once per container; the Stripe secret is read from Secrets Manager on the first event.
const root = createCompositionRoot(loadConfig());

export const handler = handle(createWebhookApp(root.billing));
