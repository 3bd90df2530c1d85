import * as z from 'zod';
import { builtOnFirstUse } from './built-on-first-use';
import { UNIT_SYSTEMS } from './account';
import { isCleanLine } from './records/text';
import { objectOnFirstUse } from './object-on-first-use';

/**
 * One schema validates the settings form and `PUT /api/me/profile`. Names refuse control characters,
 * bidi overrides and lone surrogates (issue 13), by the same rule as every record name.
 */
export const profileUpdateSchema = /* @__PURE__ */ objectOnFirstUse(() => ({
  name: z
    .string()
    .trim()
    .max(120, 'Name must be at most 120 characters')
    .refine(isCleanLine, 'Name contains characters that are not allowed')
    .nullable(),
  company: z
    .string()
    .trim()
    .max(160, 'Company must be at most 160 characters')
    .refine(isCleanLine, 'Company contains characters that are not allowed')
    .nullable(),
  units: z.enum(UNIT_SYSTEMS, { message: 'Units must be "us" or "metric"' }),
}));

export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

/**
 * What `PUT /api/me/profile` accepts from anyone: the owner's body is then checked as a whole by
 * `profileUpdateSchema`; a member (issue 22) sends only their own name, as `{ name }`.
 */
export const profileBodySchema = /* @__PURE__ */ builtOnFirstUse(() =>
  profileUpdateSchema.partial({ company: true, units: true }),
);
export type ProfileBody = z.infer<typeof profileBodySchema>;
