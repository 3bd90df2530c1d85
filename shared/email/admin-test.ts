import * as z from 'zod';
import { requiredEmail, requiredText, isCleanLine } from '../records/text';
import type { NoticeRenderInput } from './render';
import { emailAudienceSchema, emailKindSchema, type TemplateText } from './template';
import { namesOf } from '../named-set';
import { builtOnFirstUse } from '../built-on-first-use';
import { objectOnFirstUse } from '../object-on-first-use';

/** The account emails an admin can test (lambdas/core/email/account-emails.ts builds them), with their labels. */
export const ACCOUNT_EMAIL_LABEL = {
  purchase: 'Account: plan purchased',
  planChanged: 'Account: plan changed',
  cancellationScheduled: 'Account: cancellation scheduled',
  resumed: 'Account: subscription resumed',
  ended: 'Account: subscription ended',
  paymentFailed: 'Account: payment failed',
  passwordChanged: 'Account: password changed',
} satisfies Record<string, string>;
export type AccountEmailKind = keyof typeof ACCOUNT_EMAIL_LABEL;
export const ACCOUNT_EMAIL_KINDS = namesOf(ACCOUNT_EMAIL_LABEL);

/**
 * What an admin test sends: a notice (`default` wording, or an account's `custom` template by id)
 * rendered with the sample data, or an account email. One schema for the form and the API.
 */
export const ADMIN_TEST_TEMPLATES = ['default', 'custom', ...ACCOUNT_EMAIL_KINDS] as const;
export type AdminTestTemplate = (typeof ADMIN_TEST_TEMPLATES)[number];

const id = /* @__PURE__ */ builtOnFirstUse(() =>
  z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,128}$/, 'Not a valid id'),
);

export const adminTestSampleSchema = /* @__PURE__ */ objectOnFirstUse(() => ({
  jobsiteName: requiredText('Jobsite', 120).refine(
    isCleanLine,
    'Jobsite contains characters that are not allowed',
  ),
  date: z.iso.date({ message: 'Date must be a date (YYYY-MM-DD)' }),
  verdict: z.enum(['none', 'partial', 'full'], { message: 'Verdict must be none, partial or full' }),
  reason: z
    .string()
    .trim()
    .max(200, 'Reason must be at most 200 characters')
    .refine(isCleanLine, 'Reason contains characters that are not allowed'),
  hoursLost: z
    .number({ message: 'Hours lost must be a number' })
    .int('Hours lost must be whole hours')
    .min(0, 'Hours lost must be 0 to 24')
    .max(24, 'Hours lost must be 0 to 24'),
  start: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Working hours start must be HH:MM'),
  end: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Working hours end must be HH:MM'),
}));
export type AdminTestSample = z.infer<typeof adminTestSampleSchema>;

export const DEFAULT_ADMIN_TEST_SAMPLE: AdminTestSample = {
  jobsiteName: 'Riverside Medical Center',
  date: '2026-03-10',
  verdict: 'partial',
  reason: 'Rain 0.18 in/h (limit 0.10 in/h)',
  hoursLost: 4,
  start: '07:00',
  end: '17:00',
};

const adminTestShape = /* @__PURE__ */ builtOnFirstUse(() => ({
  template: z.enum(ADMIN_TEST_TEMPLATES, { message: 'Choose a template' }),
  kind: emailKindSchema.default('notice'),
  audience: emailAudienceSchema.default('worker'),
  /** With `custom`: the account (its owner's user id) and the template. */
  tenantId: id.optional(),
  templateId: id.optional(),
  sample: adminTestSampleSchema.default(DEFAULT_ADMIN_TEST_SAMPLE),
}));

const needsCustomIds = (
  v: { template: string; tenantId?: string; templateId?: string },
  ctx: z.RefinementCtx,
) => {
  if (v.template !== 'custom') return;
  if (!v.tenantId) ctx.addIssue({ code: 'custom', path: ['tenantId'], message: 'Account id is required' });
  if (!v.templateId)
    ctx.addIssue({ code: 'custom', path: ['templateId'], message: 'Template id is required' });
};

/** `POST /api/admin/email-testing/preview`. */
export const adminTestPreviewSchema = /* @__PURE__ */ builtOnFirstUse(() =>
  z.object({ ...adminTestShape }).superRefine(needsCustomIds),
);
/** `POST /api/admin/email-testing/send`: the same, and the address it goes to. */
export const adminTestSendSchema = /* @__PURE__ */ builtOnFirstUse(() =>
  z.object({ ...adminTestShape, to: requiredEmail }).superRefine(needsCustomIds),
);
export type AdminTestPreviewRequest = z.output<typeof adminTestPreviewSchema>;
export type AdminTestSendRequest = z.output<typeof adminTestSendSchema>;

/** The admin's sample as the notice renderer's input (the same renderer as the dispatch). */
export function adminSampleNotice(opts: {
  kind: AdminTestPreviewRequest['kind'];
  audience: AdminTestPreviewRequest['audience'];
  template: TemplateText | null;
  sample: AdminTestSample;
  unsubscribeUrl: string | null;
  appOrigin: string;
}): NoticeRenderInput {
  const { sample } = opts;
  const clear = opts.kind === 'allClear' || sample.verdict === 'none';
  const startHour = Number(sample.start.slice(0, 2));
  const hours = Array.from(
    { length: Math.min(sample.hoursLost, 24 - startHour) },
    (_, i) => `${String(startHour + i).padStart(2, '0')}:00`,
  );
  return {
    kind: opts.kind,
    audience: opts.audience,
    template: opts.template,
    jobsite: {
      name: sample.jobsiteName,
      address: null,
      timezone: 'America/New_York',
      workingHours: { start: sample.start, end: sample.end },
    },
    clientName: null,
    date: sample.date,
    verdict: opts.kind === 'allClear' ? 'none' : sample.verdict,
    hoursLost: clear ? 0 : sample.hoursLost,
    rules: clear || !sample.reason ? [] : [{ reason: sample.reason, hours }],
    recipientName: opts.audience === 'client' ? 'Dana Reyes' : 'Ana Silva',
    unsubscribeUrl: opts.audience === 'client' ? null : opts.unsubscribeUrl,
    appOrigin: opts.appOrigin,
    simulated: false,
  };
}
