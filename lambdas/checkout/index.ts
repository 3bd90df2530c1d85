import { handle } from 'hono/aws-lambda';
import { loadConfig } from '../config';
import { callerFromClaims } from '../adapters/auth/claims';
import { composeBilling } from './compose';
import { createCheckoutApp } from './checkout.app';

interface AuthorizedEvent {
  requestContext?: { authorizer?: { jwt?: { claims?: Record<string, unknown> } } };
}

// Built once per container. The signed-in route sits behind API Gateway's JWT authorizer, whose
// verified claims ride on the event; the guest route is public and never reads them.
const billing = composeBilling(loadConfig());
const app = createCheckoutApp({
  authenticate: async (c) => {
    const event = (c.env as { event?: AuthorizedEvent } | undefined)?.event;
    return callerFromClaims(event?.requestContext?.authorizer?.jwt?.claims);
  },
  checkout: billing,
});

export const handler = handle(app);
