import {
  ROLE_GROUPS,
  ROLE_PERMISSIONS,
  type AdminIdentity,
  type AdminPermission,
  type AdminRole,
} from '../../../shared/admin';
import type { Caller } from '../caller';

/** The caller's admin role from the verified token's groups, or null for anyone else. */
export function adminRoleOf(caller: Caller): AdminRole | null {
  return ROLE_GROUPS.find((g) => caller.groups.includes(g.group))?.role ?? null;
}

export function hasPermission(caller: Caller, permission: AdminPermission): boolean {
  const role = adminRoleOf(caller);
  return role !== null && ROLE_PERMISSIONS[role].includes(permission);
}

/**
 * Spec §3 "Admin user" for a verified caller; null when the caller holds no admin role. The names
 * come from the account's profile ("First Last"), split at the first space.
 */
export function adminIdentityOf(caller: Caller, profileName: string | null): AdminIdentity | null {
  const role = adminRoleOf(caller);
  if (!role) return null;
  const [firstName = '', ...rest] = (profileName ?? '').trim().split(/\s+/);
  return {
    id: caller.userId,
    email: caller.email,
    firstName,
    lastName: rest.join(' '),
    role,
    permissions: [...ROLE_PERMISSIONS[role]],
    // From the live status lookup: the admin login walks an admin without it through setup.
    totpEnabled: caller.totpEnabled === true,
  };
}
