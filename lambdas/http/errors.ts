import { HTTPException } from 'hono/http-exception';
import { MESSAGES } from '../../shared/messages';
import { AlreadySubscribedError, PaymentProviderError } from '../core/billing/billing.errors';
import {
  ConflictError,
  ForbiddenError,
  GoneError,
  NotAuthenticatedError,
  NotFoundError,
  RateLimitedError,
  ServiceUnavailableError,
  ValidationError,
} from '../core/errors';
import { RowsValidationError } from '../core/records/rows-validation.error';

/** What went wrong, independent of how an app words its error bodies. */
export interface HttpProblem {
  status: 400 | 401 | 403 | 404 | 409 | 410 | 413 | 429 | 500 | 502 | 503;
  /** The domain message (what happened, what to do). */
  message: string;
  field?: string;
  fields?: Record<string, string>;
  /** Extra data a client can act on (e.g. per-row import errors). */
  details?: Record<string, unknown>;
  /** Sent as the `Retry-After` header (429). */
  retryAfterSeconds?: number;
}

/** The one mapping from domain errors to HTTP problems. Unknown errors are logged and become 500. */
export function toProblem(err: unknown): HttpProblem {
  if (err instanceof RowsValidationError)
    return { status: 400, message: err.message, field: err.field, details: { rows: err.rows } };
  if (err instanceof ValidationError)
    return { status: 400, message: err.message, field: err.field, fields: err.fields };
  if (err instanceof NotAuthenticatedError)
    return { status: 401, message: err.message || MESSAGES.notAuthenticated };
  if (err instanceof ForbiddenError)
    return { status: 403, message: err.message || MESSAGES.permissionDenied };
  if (err instanceof NotFoundError) return { status: 404, message: err.message || 'Not found' };
  if (err instanceof GoneError) return { status: 410, message: err.message };
  if (err instanceof ConflictError || err instanceof AlreadySubscribedError)
    return { status: 409, message: err.message };
  if (err instanceof ServiceUnavailableError) return { status: 503, message: err.message };
  if (err instanceof RateLimitedError)
    return { status: 429, message: err.message, retryAfterSeconds: err.retryAfterSeconds };
  if (err instanceof PaymentProviderError) {
    logError('Payment provider error', err);
    return { status: 502, message: err.message };
  }
  if (err instanceof HTTPException && err.status === 413)
    return { status: 413, message: 'Request body is too large' };
  if (err instanceof HTTPException && err.status < 500)
    return {
      status: 400,
      message: err.message || 'Bad request',
      field: 'body',
      fields: { body: err.message },
    };
  if (isDynamoPermissionError(err)) return { status: 403, message: MESSAGES.permissionDenied };
  logError('Unhandled error', err);
  return { status: 500, message: MESSAGES.unknownError };
}

/** How an app words a problem in its response body. */
export type ErrorEnvelope = (problem: HttpProblem) => Record<string, unknown>;

/**
 * The API's body: `{ error, field?, fields? }` with the domain message as `error`. A payment
 * provider failure keeps Stripe's words in `message` under the generic `error`.
 */
export const apiEnvelope: ErrorEnvelope = (p) => {
  if (p.status === 502) return { error: MESSAGES.unknownError, message: p.message };
  return {
    error: p.message,
    ...(p.field ? { field: p.field } : {}),
    ...(p.fields ? { fields: p.fields } : {}),
    ...p.details,
  };
};

function isDynamoPermissionError(err: unknown): boolean {
  const name = (err as { name?: string } | null)?.name;
  return name === 'AccessDeniedException' || name === 'UnrecognizedClientException';
}

function logError(message: string, err: unknown) {
  console.error(JSON.stringify({ level: 'error', message, error: String(err) }));
}
