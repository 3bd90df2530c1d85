import type { Context } from 'hono';
import { callerFromClaims } from '../adapters/auth/claims';
import type { Authenticate } from './kit';

interface AuthorizedEvent {
  requestContext?: { authorizer?: { jwt?: { claims?: Record<string, unknown> } } };
}

/** In AWS: API Gateway's JWT authorizer has verified the token; its claims ride on the Lambda event. */
export const authenticateFromApiGateway: Authenticate = async (c: Context) => {
  const event = (c.env as { event?: AuthorizedEvent } | undefined)?.event;
  return callerFromClaims(event?.requestContext?.authorizer?.jwt?.claims);
};
