import { handle } from 'hono/aws-lambda';
import { loadConfig } from '../config';
import { createCompositionRoot } from '../composition-root';
import { authenticateFromApiGateway } from '../http/api-gateway';
import { createCheckoutApp } from './app';

// Built once per container. The signed-in route sits behind API Gateway's JWT authorizer; the guest
// route is public and never reads its claims.
const root = createCompositionRoot(loadConfig());

export const handler = handle(
  createCheckoutApp({ authenticate: authenticateFromApiGateway, checkout: root.billing }),
);
