import * as z from 'zod';
import {
  SUPPORT_BODY_MAX,
  SUPPORT_GRANT_MAX_HOURS,
  SUPPORT_MESSAGES,
  SUPPORT_PAGE_MAX,
  SUPPORT_SUBJECT_MAX,
} from './support';
import { builtOnFirstUse } from './built-on-first-use';
import { objectOnFirstUse } from './object-on-first-use';

/** The support routes' bodies (issue 22 §5–7), shared by the API and the SPA's forms. */
const text = (required: string, max: number, tooLong: string) =>
  z.string({ error: required }).trim().min(1, required).max(max, tooLong);

export const supportRequestInputSchema = /* @__PURE__ */ objectOnFirstUse(() => ({
  subject: text(SUPPORT_MESSAGES.subjectRequired, SUPPORT_SUBJECT_MAX, SUPPORT_MESSAGES.subjectTooLong),
  body: text(SUPPORT_MESSAGES.bodyRequired, SUPPORT_BODY_MAX, SUPPORT_MESSAGES.bodyTooLong),
  // The page the Help form was opened on: an app path, never a URL elsewhere (it is shown to admins as a link).
  page: z
    .string({ error: SUPPORT_MESSAGES.pageInvalid })
    .trim()
    .max(SUPPORT_PAGE_MAX, SUPPORT_MESSAGES.pageInvalid)
    .regex(/^\/(?!\/)[^\s]*$/, SUPPORT_MESSAGES.pageInvalid),
}));
export type SupportRequestInput = z.output<typeof supportRequestInputSchema>;

export const supportReplyInputSchema = /* @__PURE__ */ objectOnFirstUse(() => ({
  body: text(SUPPORT_MESSAGES.bodyRequired, SUPPORT_BODY_MAX, SUPPORT_MESSAGES.bodyTooLong),
}));
export type SupportReplyInput = z.output<typeof supportReplyInputSchema>;

/** `PATCH /api/admin/support/requests/{id}`: assign (an admin's email, or null for nobody) and/or close. */
export const supportRequestUpdateSchema = /* @__PURE__ */ builtOnFirstUse(() =>
  z
    .object({
      assignee: z.email(SUPPORT_MESSAGES.assigneeUnknown).nullable().optional(),
      status: z.enum(['open', 'closed'], 'Status must be open or closed').optional(),
    })
    .refine((v) => v.assignee !== undefined || v.status !== undefined, {
      message: 'Send assignee or status',
      path: ['body'],
    }),
);
export type SupportRequestUpdate = z.output<typeof supportRequestUpdateSchema>;

export const supportAccessInputSchema = /* @__PURE__ */ objectOnFirstUse(() => ({
  grantHours: z
    .number({ error: SUPPORT_MESSAGES.grantHours })
    .int(SUPPORT_MESSAGES.grantHours)
    .min(0, SUPPORT_MESSAGES.grantHours)
    .max(SUPPORT_GRANT_MAX_HOURS, SUPPORT_MESSAGES.grantHours),
}));

export const supportSessionInputSchema = /* @__PURE__ */ objectOnFirstUse(() => ({
  accountId: z
    .string({ error: SUPPORT_MESSAGES.accountIdRequired })
    .trim()
    .min(1, SUPPORT_MESSAGES.accountIdRequired)
    .max(128, SUPPORT_MESSAGES.accountIdRequired),
}));
