import { z } from 'zod';
import { UNIT_SYSTEMS } from './account';

// Control characters, bidi overrides and lone surrogates are refused in names (issue 13): they hide
// or reorder text wherever the name is shown.
const HIDDEN =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** One schema validates the settings form and `PUT /api/me/profile`. */
export const profileUpdateSchema = z.object({
  name: z
    .string()
    .trim()
    .max(120, 'Name must be at most 120 characters')
    .refine((v) => !HIDDEN.test(v), 'Name contains characters that are not allowed')
    .nullable(),
  company: z
    .string()
    .trim()
    .max(160, 'Company must be at most 160 characters')
    .refine((v) => !HIDDEN.test(v), 'Company contains characters that are not allowed')
    .nullable(),
  units: z.enum(UNIT_SYSTEMS, { message: 'Units must be "us" or "metric"' }),
});

export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;
