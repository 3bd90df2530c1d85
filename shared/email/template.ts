import * as z from 'zod';
import { patchSchemaOf } from '../records/patch';
import type { Stored } from '../records/stored';
import { nameText, requiredText } from '../records/text';
import { placeholderProblem } from './placeholders';

import { EMAIL_AUDIENCES, EMAIL_KINDS, type EmailAudience, type EmailKind } from './kinds';
import { builtOnFirstUse } from '../built-on-first-use';
import { objectOnFirstUse } from '../object-on-first-use';

export { EMAIL_AUDIENCES, EMAIL_KINDS, type EmailAudience, type EmailKind };

export const EMAIL_KIND_LABEL: Record<EmailKind, string> = {
  notice: 'Delay notice',
  update: 'Update',
  allClear: 'All-clear',
};
export const EMAIL_AUDIENCE_LABEL: Record<EmailAudience, string> = {
  worker: 'Workers',
  manager: 'Managers',
  client: 'Client',
};

export const SUBJECT_MAX = 200;
export const BODY_MAX = 10_000;

// eslint-disable-next-line no-control-regex
const CONTROL_IN_LINE = /[\u0000-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex
const CONTROL_IN_TEXT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

const withPlaceholders = (schema: z.ZodString) =>
  schema.superRefine((value, ctx) => {
    const problem = placeholderProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

export const templateSubjectSchema = /* @__PURE__ */ builtOnFirstUse(() =>
  withPlaceholders(
    requiredText('Subject', SUBJECT_MAX).refine(
      (v) => !CONTROL_IN_LINE.test(v),
      'Subject must be one line of text',
    ),
  ),
);

export const templateBodySchema = /* @__PURE__ */ builtOnFirstUse(() =>
  withPlaceholders(
    requiredText('Body', BODY_MAX).refine(
      (v) => !CONTROL_IN_TEXT.test(v),
      'Body contains characters that are not allowed',
    ),
  ),
);

export const emailKindSchema = /* @__PURE__ */ builtOnFirstUse(() =>
  z.enum(EMAIL_KINDS, {
    message: 'Kind must be one of notice, update, allClear',
  }),
);
export const emailAudienceSchema = /* @__PURE__ */ builtOnFirstUse(() =>
  z.enum(EMAIL_AUDIENCES, {
    message: 'Audience must be one of worker, manager, client',
  }),
);

/** An account's own wording for one kind of message to one audience (one template per pair). */
export const emailTemplateInputSchema = /* @__PURE__ */ objectOnFirstUse(() => ({
  name: nameText('Name', 80),
  kind: emailKindSchema,
  audience: emailAudienceSchema,
  subject: templateSubjectSchema,
  body: templateBodySchema,
}));

/** PUT body: fields left out keep their stored values. */
export const emailTemplatePatchSchema = /* @__PURE__ */ builtOnFirstUse(() =>
  patchSchemaOf(emailTemplateInputSchema.shape),
);

export type EmailTemplateInput = z.input<typeof emailTemplateInputSchema>;
export type EmailTemplateFields = z.output<typeof emailTemplateInputSchema>;

export type EmailTemplate = Stored<EmailTemplateFields>;

/** What the renderer needs of a template. */
export type TemplateText = Pick<EmailTemplateFields, 'subject' | 'body'>;

export const EMAIL_TEMPLATE_SORTS = ['name', 'kind', 'audience', 'createdAt', 'updatedAt'] as const;

/** `POST /api/email-templates/preview`: a subject and body (saved or not) rendered with sample data. */
export const templatePreviewSchema = /* @__PURE__ */ objectOnFirstUse(() => ({
  kind: emailKindSchema.default('notice'),
  audience: emailAudienceSchema.default('worker'),
  subject: templateSubjectSchema,
  body: templateBodySchema,
  simulated: z.boolean({ message: 'Simulated must be true or false' }).default(false),
}));
export type TemplatePreviewRequest = z.input<typeof templatePreviewSchema>;

/** `POST /api/email/test`: a saved template (by id) or the default for kind × audience, to the caller. */
export const testEmailSchema = /* @__PURE__ */ objectOnFirstUse(() => ({
  templateId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, 'Not a valid id')
    .optional(),
  kind: emailKindSchema.default('notice'),
  audience: emailAudienceSchema.default('worker'),
}));
export type TestEmailRequest = z.input<typeof testEmailSchema>;

/** The rendered message, as `POST /api/email-templates/preview` answers it. */
export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}
