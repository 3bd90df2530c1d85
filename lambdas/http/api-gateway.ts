import type { Context } from 'hono';
import { callerFromClaims } from '../adapters/auth/claims';
import type { Authenticate } from './kit';

interface AuthorizedEvent {
  requestContext?: {
    authorizer?: { jwt?: { claims?: Record<string, unknown> }; lambda?: Record<string, unknown> };
  };
}

/**
 * In AWS: API Gateway's authorizer has verified the token; its claims ride on the Lambda event (a JWT
 * authorizer's `jwt.claims`, or the Lambda authorizer's context, lambdas/authorizer/app.ts).
 */
export const authenticateFromApiGateway: Authenticate = async (c: Context) => {
  const authorizer = (c.env as { event?: AuthorizedEvent } | undefined)?.event?.requestContext?.authorizer;
  return callerFromClaims(authorizer?.jwt?.claims ?? authorizer?.lambda);
};
