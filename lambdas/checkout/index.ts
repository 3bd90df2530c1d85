import { handle } from 'hono/aws-lambda';
import { loadConfig } from '../config';
import { createBillingDeps } from '../composition/billing.root';
import { liveApiGatewayAuthenticate } from '../composition/auth.root';
import { createDataRoot } from '../composition/data.root';
import { createCheckoutApp } from './app';

// Built once per container. The signed-in route sits behind API Gateway's JWT authorizer; the guest
// route is public and never reads its claims.
const config = loadConfig();
const data = createDataRoot(config);
const checkout = createBillingDeps(data);

export const handler = handle(
  createCheckoutApp({ authenticate: liveApiGatewayAuthenticate(config, data.clock, data.db), checkout }),
);
