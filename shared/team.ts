import * as z from 'zod';
import { INVITE_ROLES, TEAM_ROLES } from './team-roles';
import { objectOnFirstUse } from './object-on-first-use';

export * from './team-roles';

/** Teams (issue 22): the invite and role-change bodies, one schema for the form and the API. */
export const inviteSchema = /* @__PURE__ */ objectOnFirstUse(() => ({
  email: z
    .email({ message: 'Email must be a valid email address' })
    .max(254, 'Email is too long')
    .transform((e) => e.toLowerCase()),
  role: z.enum(INVITE_ROLES, { message: 'Role must be "manager" or "viewer"' }),
}));
export type InviteInput = z.infer<typeof inviteSchema>;

export const roleChangeSchema = /* @__PURE__ */ objectOnFirstUse(() => ({
  role: z.enum(TEAM_ROLES, { message: 'Role must be "owner", "manager" or "viewer"' }),
}));
export type RoleChange = z.infer<typeof roleChangeSchema>;
