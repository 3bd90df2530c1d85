import { Hono } from 'hono';
import {
  EMAIL_TEMPLATE_SORTS,
  emailTemplateInputSchema,
  emailTemplatePatchSchema,
  templatePreviewSchema,
  testEmailSchema,
} from '../../shared/email/template';
import type { NoticeMailer } from '../core/email/email.ports';
import {
  createTemplate,
  deleteTemplate,
  getTemplate,
  listTemplates,
  previewTemplate,
  sendTestEmail,
  updateTemplate,
  type EmailTemplatesDeps,
} from '../core/email/templates';
import { RATE_LIMITS } from '../core/limits/rate-limits';
import { callerOf, jsonBody, type AppEnv } from '../http/kit';
import { limitPerCaller, type RateLimitDeps } from '../http/rate-limit';
import { recordRoutes } from './record-routes';
import type { BrandLookup } from '../core/brand/brand';

export interface EmailTemplatesRoutesDeps extends EmailTemplatesDeps, RateLimitDeps {
  /** The notice mailer: "send a test to me" goes through the same path as real notices. */
  mailer: NoticeMailer;
  /** `https://app.example.com`, for the sample unsubscribe link and the footer. */
  appOrigin: string;
  /** The account's active brand: previews and tests show what crews will get (issue 24). */
  brands?: BrandLookup;
}

/**
 * `GET|POST /api/email-templates`, `GET|PUT|DELETE /api/email-templates/{id}` (the records' list,
 * 404 and 400 conventions; 403 beyond the plan's `maxEmailTemplates`; 409 for a second template of
 * one kind × audience), `POST /api/email-templates/preview` and `POST /api/email/test`. Signed in.
 */
export function emailTemplatesRoutes(deps: EmailTemplatesRoutesDeps) {
  const appOrigin = deps.appOrigin.replace(/\/$/, '');
  // Preview first: `/api/email-templates/preview` must not be read as a template id.
  const extra = new Hono<AppEnv>()
    .post('/api/email-templates/preview', jsonBody(templatePreviewSchema), async (c) => {
      return c.json(
        await previewTemplate(callerOf(c), c.req.valid('json'), {
          appOrigin,
          accounts: deps.accounts,
          brands: deps.brands,
        }),
      );
    })
    .post(
      '/api/email/test',
      jsonBody(testEmailSchema),
      limitPerCaller(RATE_LIMITS.testEmail, 'account', deps),
      async (c) => c.json(await sendTestEmail(callerOf(c), c.req.valid('json'), { ...deps, appOrigin }), 202),
    );
  const crud = recordRoutes({
    path: '/api/email-templates',
    noun: 'Email template',
    createSchema: emailTemplateInputSchema,
    patchSchema: emailTemplatePatchSchema,
    sorts: EMAIL_TEMPLATE_SORTS,
    idempotency: deps.idempotency,
    useCases: {
      list: (tenant, query) => listTemplates(tenant, query, deps),
      get: (tenant, id) => getTemplate(tenant, id, deps),
      create: (c, input) => createTemplate(callerOf(c), input, deps),
      update: (tenant, id, patch) => updateTemplate(tenant, id, patch, deps),
      remove: (tenant, id) => deleteTemplate(tenant, id, deps),
    },
  });
  return new Hono<AppEnv>().route('/', extra).route('/', crud);
}
