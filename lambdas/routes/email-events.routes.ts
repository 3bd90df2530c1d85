import { Hono } from 'hono';
import { ForbiddenError, ValidationError } from '../core/errors';
import {
  applySesEvent,
  secretMatches,
  sesEventsFromBody,
  type EmailEventsDeps,
} from '../core/email/email-events';
import { limitBody, type AppEnv } from '../http/kit';

/** The header that carries the shared secret of `POST /api/email-events`. */
export const EMAIL_EVENTS_SECRET_HEADER = 'x-raincheck-email-events-secret';

export interface EmailEventsRoutesDeps extends EmailEventsDeps {
  /** The shared secret a caller must present; the local stack sets it (EMAIL_EVENTS_SECRET). */
  secret: string;
}

/**
 * `POST /api/email-events`: the local stand-in for the SNS-subscribed `email-events` Lambda. It takes
 * the same SES event JSON (bare, an SNS notification, or an SNS-to-Lambda event) and applies it the
 * same way. Mounted by the local stack only, before `requireCaller`, and refused (403) without the
 * shared secret in `x-raincheck-email-events-secret`, so no browser or tenant can mark addresses.
 */
export function emailEventsRoutes(deps: EmailEventsRoutesDeps) {
  if (!deps.secret || deps.secret.length < 16)
    throw new Error('POST /api/email-events needs a shared secret of at least 16 characters');
  return new Hono<AppEnv>().post('/api/email-events', limitBody(256 * 1024), async (c) => {
    if (!secretMatches(c.req.header(EMAIL_EVENTS_SECRET_HEADER), deps.secret))
      throw new ForbiddenError('This endpoint needs the email events secret');
    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      throw new ValidationError('body', 'Request body must be JSON');
    }
    // Every shape SES and SNS deliver is an object; anything else would be "applied" as nothing.
    if (typeof body !== 'object' || body === null || Array.isArray(body))
      throw new ValidationError(
        'body',
        'Request body must be a JSON object (an SES event or SNS notification)',
      );
    const results = [];
    for (const event of sesEventsFromBody(body)) results.push(await applySesEvent(event, deps));
    return c.json({ results });
  });
}
