import { handle } from 'hono/aws-lambda';
import { loadConfig } from '../config';
import { createBillingDeps } from '../composition/billing.root';
import { createDataRoot } from '../composition/data.root';
import { authenticateFromApiGateway } from '../http/api-gateway';
import { createCheckoutApp } from './app';

// Built once per container. The signed-in route sits behind API Gateway's JWT authorizer; the guest
// route is public and never reads its claims.
const checkout = createBillingDeps(createDataRoot(loadConfig()));

export const handler = handle(createCheckoutApp({ authenticate: authenticateFromApiGateway, checkout }));
