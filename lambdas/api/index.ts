import { handle } from 'hono/aws-lambda';
import { loadConfig } from '../config';
import { createAppRoot } from '../composition/app.root';
import { authenticateFromApiGateway } from '../http/api-gateway';
import { withLiveStatus } from '../http/live-authenticate';
import { createApiApp } from './app';

// Built once per container, at module load. Billing routes live in the billing Lambda: this bundle
// holds no Stripe.
const root = createAppRoot(loadConfig());

export const handler = handle(
  createApiApp({ ...root, authenticate: withLiveStatus(authenticateFromApiGateway, root.userStatuses) }),
);
