import { handle } from 'hono/aws-lambda';
import { loadConfig } from '../config';
import { callerFromClaims } from '../adapters/auth/claims';
import { composeApiApp } from './compose';

interface AuthorizedEvent {
  requestContext?: { authorizer?: { jwt?: { claims?: Record<string, unknown> } } };
}

// Built once per container, at module load.
const app = composeApiApp(loadConfig(), async (c) => {
  // API Gateway's JWT authorizer has already verified the token; its claims ride on the event.
  const event = (c.env as { event?: AuthorizedEvent } | undefined)?.event;
  return callerFromClaims(event?.requestContext?.authorizer?.jwt?.claims);
});

export const handler = handle(app);
