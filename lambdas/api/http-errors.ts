import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { MESSAGES } from '../../shared/messages';
import { ForbiddenError, NotAuthenticatedError, NotFoundError, ValidationError } from '../core/errors';

/** The one place where domain errors become HTTP statuses and bodies `{ error, field? }`. */
export function toHttpError(err: unknown, c: Context): Response {
  if (err instanceof ValidationError) return c.json({ error: err.message, field: err.field }, 400);
  if (err instanceof NotAuthenticatedError)
    return c.json({ error: err.message || MESSAGES.notAuthenticated }, 401);
  if (err instanceof ForbiddenError) return c.json({ error: err.message || MESSAGES.permissionDenied }, 403);
  if (err instanceof NotFoundError) return c.json({ error: err.message }, 404);
  if (err instanceof HTTPException) return c.json({ error: err.message }, err.status);
  if (isDynamoPermissionError(err)) return c.json({ error: MESSAGES.permissionDenied }, 403);
  console.error(JSON.stringify({ level: 'error', message: 'Unhandled error', error: String(err) }));
  return c.json({ error: MESSAGES.unknownError }, 500);
}

function isDynamoPermissionError(err: unknown): boolean {
  const name = (err as { name?: string } | null)?.name;
  return name === 'AccessDeniedException' || name === 'UnrecognizedClientException';
}
