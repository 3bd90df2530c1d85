import { z } from 'zod';
import { UNIT_SYSTEMS } from './account';

/** One schema validates the settings form and `PUT /api/me/profile`. */
export const profileUpdateSchema = z.object({
  name: z.string().trim().max(120, 'Name must be at most 120 characters').nullable(),
  company: z.string().trim().max(160, 'Company must be at most 160 characters').nullable(),
  units: z.enum(UNIT_SYSTEMS, { message: 'Units must be "us" or "metric"' }),
});

export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;
