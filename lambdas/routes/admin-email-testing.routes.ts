import { Hono } from 'hono';
import { adminTestPreviewSchema, adminTestSendSchema } from '../../shared/email/admin-test';
import {
  previewAdminTestEmail,
  sendAdminTestEmail,
  type AdminEmailTestingDeps,
} from '../core/email/admin-test-email';
import { jsonBody, requireAdmin, type AppEnv } from '../http/kit';

/**
 * `POST /api/admin/email-testing/preview` and `/send` (admins only; 403 for anyone else): any
 * template with sample data, previewed, or sent to any address through the real SES path.
 */
export function adminEmailTestingRoutes(deps: AdminEmailTestingDeps) {
  const appOrigin = deps.appOrigin.replace(/\/$/, '');
  const withOrigin = { ...deps, appOrigin };
  return new Hono<AppEnv>()
    .use('/api/admin/email-testing/*', requireAdmin())
    .post('/api/admin/email-testing/preview', jsonBody(adminTestPreviewSchema), async (c) =>
      c.json(await previewAdminTestEmail(c.req.valid('json'), withOrigin)),
    )
    .post('/api/admin/email-testing/send', jsonBody(adminTestSendSchema), async (c) =>
      c.json(await sendAdminTestEmail(c.req.valid('json'), withOrigin), 202),
    );
}
