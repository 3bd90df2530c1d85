import { Hono } from 'hono';
import { adminTestPreviewSchema, adminTestSendSchema } from '../../shared/email/admin-test';
import {
  previewAdminTestEmail,
  sendAdminTestEmail,
  type AdminEmailTestingDeps,
} from '../core/email/admin-test-email';
import { RATE_LIMITS } from '../core/limits/rate-limits';
import { jsonBody, requireAdmin, type AppEnv } from '../http/kit';
import { limitPerCaller, type RateLimitDeps } from '../http/rate-limit';

export type AdminEmailTestingRoutesDeps = AdminEmailTestingDeps & RateLimitDeps;

/**
 * `POST /api/admin/email-testing/preview` and `/send` (admins only; 403 for anyone else): any
 * template with sample data, previewed, or sent to any address through the real SES path; sends
 * are limited per admin (429 with Retry-After beyond RATE_LIMITS.adminTestEmail).
 */
export function adminEmailTestingRoutes(deps: AdminEmailTestingRoutesDeps) {
  const appOrigin = deps.appOrigin.replace(/\/$/, '');
  const withOrigin = { ...deps, appOrigin };
  return new Hono<AppEnv>()
    .use('/api/admin/email-testing/*', requireAdmin())
    .post('/api/admin/email-testing/preview', jsonBody(adminTestPreviewSchema), async (c) =>
      c.json(await previewAdminTestEmail(c.req.valid('json'), withOrigin)),
    )
    .post(
      '/api/admin/email-testing/send',
      jsonBody(adminTestSendSchema),
      limitPerCaller(RATE_LIMITS.adminTestEmail, 'caller', deps),
      async (c) => c.json(await sendAdminTestEmail(c.req.valid('json'), withOrigin), 202),
    );
}
