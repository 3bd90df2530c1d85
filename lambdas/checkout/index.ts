import { handle } from 'hono/aws-lambda';
import { loadConfig } from '../config';
import { createBillingDeps } from '../composition/billing.root';
import { createAuthRoot } from '../composition/auth.root';
import { createDataRoot } from '../composition/data.root';
import { withLiveStatus } from '../http/live-authenticate';
import { authenticateFromApiGateway } from '../http/api-gateway';
import { createCheckoutApp } from './app';

// Built once per container. The signed-in route sits behind API Gateway's JWT authorizer; the guest
// route is public and never reads its claims.
const config = loadConfig();
const data = createDataRoot(config);
const checkout = createBillingDeps(data);
const { userStatuses } = createAuthRoot(config, data.clock);

export const handler = handle(
  createCheckoutApp({ authenticate: withLiveStatus(authenticateFromApiGateway, userStatuses), checkout }),
);
