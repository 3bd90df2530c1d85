import * as z from 'zod';
import { noticeTimeSchema } from './records/jobsite';
import { limitParam } from './records/list-query';
import { requiredText } from './records/text';
import { objectOnFirstUse } from './object-on-first-use';

/** The admin API's request schemas (types and messages in admin.ts). */
export const adminUsersQuerySchema = /* @__PURE__ */ objectOnFirstUse(() => ({
  q: z
    .string()
    .trim()
    .max(128, 'Search at most 128 characters')
    .refine((v) => !/["\\\p{Cc}]/u.test(v), 'Search cannot contain quotes, backslashes or control characters')
    .default(''),
  limit: limitParam(60, 20),
  cursor: z.string().max(2048, 'Cursor is too long').optional(),
}));

export const addAdminSchema = /* @__PURE__ */ objectOnFirstUse(() => ({
  email: z.email({ message: 'Email must be a valid email address' }).max(254, 'Email is too long'),
}));

export const adminSettingsInputSchema = /* @__PURE__ */ objectOnFirstUse(() => ({
  senderName: requiredText('Sender name', 64).refine(
    (v) => !/[<>"\\\p{Cc}]/u.test(v),
    'Sender name cannot contain <, >, quotes or control characters',
  ),
  replyTo: z
    .union([z.literal(''), z.email({ message: 'Reply-to must be a valid email address' })])
    .default(''),
  defaultNoticeTimes: z
    .array(noticeTimeSchema, { message: 'Default notice times must be a list' })
    .min(1, 'Keep at least one default notice time')
    .max(6, 'At most 6 default notice times'),
}));

/** An admin's "run now" of a scheduled job (the dispatch, report schedules): `{ at? }`, as if the clock said `at`. */
export const runRequestSchema = /* @__PURE__ */ objectOnFirstUse(() => ({
  at: z
    .string({ message: 'at must be an ISO instant' })
    .max(40, 'at must be an ISO instant')
    .refine((v) => !Number.isNaN(Date.parse(v)), 'at must be an ISO instant like 2026-12-02T11:00:00Z')
    .optional(),
}));
