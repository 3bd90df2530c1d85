import { createContext, useContext, useEffect, useState } from 'react';
import type { AdminIdentity } from '../../../../shared/admin';
import { api, ApiError } from '../api-client';
import { useAuth } from './auth-context';

/**
 * The admin identity as the server derives it from the verified token (`GET /api/admin/me`); the
 * SPA never decides who is an admin from its own copy of the token. One request per signed-in user.
 */
let cached: { sub: string; identity: Promise<AdminIdentity | null> } | null = null;

/** The caller's admin identity, or null when the server says they are not an admin (403). */
export function fetchAdminIdentity(sub: string): Promise<AdminIdentity | null> {
  if (cached?.sub !== sub) {
    const identity = api<AdminIdentity>('/api/admin/me').catch((err: unknown) => {
      if (err instanceof ApiError && err.status === 403) return null;
      cached = null; // A network failure is tried again on the next visit.
      throw err;
    });
    cached = { sub, identity };
  }
  return cached.identity;
}

/** Forget the identity (sign-out, or an admin change that may concern the signed-in user). */
export function clearAdminIdentity(): void {
  cached = null;
}

export type AdminCheck =
  | { state: 'checking' }
  | { state: 'admin'; identity: AdminIdentity }
  | { state: 'notAdmin' }
  | { state: 'failed' };

/** Asks the server whether the signed-in user is an admin. */
export function useAdminCheck(): AdminCheck {
  const { status, user } = useAuth();
  const [check, setCheck] = useState<AdminCheck & { sub?: string }>({ state: 'checking' });
  const sub = status === 'signedIn' ? user?.sub : undefined;
  useEffect(() => {
    if (!sub) return;
    let live = true;
    fetchAdminIdentity(sub).then(
      (identity) =>
        live && setCheck(identity ? { state: 'admin', identity, sub } : { state: 'notAdmin', sub }),
      () => live && setCheck({ state: 'failed', sub }),
    );
    return () => {
      live = false;
    };
  }, [sub]);
  // A result for another user (after switching accounts) is not an answer yet.
  return check.sub === sub ? check : { state: 'checking' };
}

export const AdminIdentityContext = createContext<AdminIdentity | null>(null);

/** The signed-in admin inside the admin area (set by RequireAdmin). */
export function useAdminIdentity(): AdminIdentity | null {
  return useContext(AdminIdentityContext);
}
