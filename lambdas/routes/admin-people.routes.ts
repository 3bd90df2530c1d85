import { Hono } from 'hono';
import * as z from 'zod';
import { ADMIN_MESSAGES } from '../../shared/admin';
import { addAdminSchema, adminSettingsInputSchema, adminUsersQuerySchema } from '../../shared/admin-schemas';
import { adminIdentityOf } from '../core/admin/admin-identity';
import {
  defaultNoticeTimes,
  getAdminSettings,
  saveAdminSettings,
  type AdminSettingsDeps,
} from '../core/admin/admin-settings';
import type { AdminSettingsStore } from '../core/admin/people.ports';
import {
  addAdmin,
  listUsers,
  removeAdmin,
  setUserEnabled,
  type ManageUsersDeps,
} from '../core/admin/manage-users';
import type { AccountRepo } from '../core/account/account.ports';
import { ForbiddenError, NotFoundError } from '../core/errors';
import { MESSAGES } from '../../shared/messages';
import { callerOf, jsonBody, queryParams, requirePermission, type AppEnv } from '../http/kit';
import { builtOnFirstUse } from '../../shared/built-on-first-use';

export interface AdminPeopleDeps extends ManageUsersDeps {
  profiles: Pick<AccountRepo, 'getProfile'>;
  settings: AdminSettingsDeps;
}

/** Cognito's `sub` is a UUID; anything else cannot name a user (404 before any call). */
const userIdSchema = /* @__PURE__ */ builtOnFirstUse(() => z.string().regex(/^[0-9a-f-]{36}$/i));
function userIdOf(raw: string): string {
  if (!userIdSchema.safeParse(raw).success) throw new NotFoundError(ADMIN_MESSAGES.userNotFound);
  return raw.toLowerCase();
}

/**
 * The admin identity, users, admins and product settings. Each route names the permission it needs
 * (shared/admin.ts ROLE_PERMISSIONS); a caller without it gets 403.
 *  - `GET /api/admin/me` → AdminIdentity (any admin role)
 *  - `GET /api/admin/users?q=&limit=&cursor=` → { items, nextCursor } (manage_users)
 *  - `POST /api/admin/users/{id}/disable` | `/enable` → { id, email, enabled } (manage_users)
 *  - `POST /api/admin/admins` { email } → { id, email, isAdmin } (manage_admins)
 *  - `DELETE /api/admin/admins/{id}` → { id, email, isAdmin } (manage_admins)
 *  - `GET` | `PUT /api/admin/settings` (manage_settings)
 */
export function adminPeopleRoutes(deps: AdminPeopleDeps) {
  return (
    new Hono<AppEnv>()
      .get('/api/admin/me', async (c) => {
        const caller = callerOf(c);
        const identity = adminIdentityOf(caller, null);
        if (!identity) throw new ForbiddenError(MESSAGES.permissionDenied);
        // The admin area's first call of a session: it marks the sign-in as /api/me does for contractors.
        const [profile] = await Promise.all([
          deps.profiles.getProfile(caller.userId),
          caller.authTime ? deps.accounts.recordSignIn(caller.userId, caller.authTime) : undefined,
        ]);
        return c.json(adminIdentityOf(caller, profile?.name ?? null));
      })
      // The permission is checked before the query is validated, so a contractor learns nothing.
      .get(
        '/api/admin/users',
        requirePermission('manage_users'),
        queryParams(adminUsersQuerySchema),
        async (c) => c.json(await listUsers(deps, c.req.valid('query'))),
      )
      .post('/api/admin/users/:id/disable', requirePermission('manage_users'), async (c) =>
        c.json(await setUserEnabled(deps, callerOf(c), userIdOf(c.req.param('id')), false)),
      )
      .post('/api/admin/users/:id/enable', requirePermission('manage_users'), async (c) =>
        c.json(await setUserEnabled(deps, callerOf(c), userIdOf(c.req.param('id')), true)),
      )
      .post('/api/admin/admins', requirePermission('manage_admins'), jsonBody(addAdminSchema), async (c) =>
        c.json(await addAdmin(deps, c.req.valid('json').email), 201),
      )
      .delete('/api/admin/admins/:id', requirePermission('manage_admins'), async (c) =>
        c.json(await removeAdmin(deps, callerOf(c), userIdOf(c.req.param('id')))),
      )
      .get('/api/admin/settings', requirePermission('manage_settings'), async (c) =>
        c.json(await getAdminSettings(deps.settings)),
      )
      .put(
        '/api/admin/settings',
        requirePermission('manage_settings'),
        jsonBody(adminSettingsInputSchema),
        async (c) => c.json(await saveAdminSettings(deps.settings, callerOf(c), c.req.valid('json'))),
      )
  );
}

/** `GET /api/settings/notice-defaults` (any signed-in user): the new-jobsite form's notice times. */
export function noticeDefaultsRoutes(deps: { settings: AdminSettingsStore }) {
  return new Hono<AppEnv>().get('/api/settings/notice-defaults', async (c) =>
    c.json({ noticeTimes: await defaultNoticeTimes(deps.settings) }),
  );
}
