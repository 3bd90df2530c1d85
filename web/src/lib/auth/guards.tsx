import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { PageLoader } from '../../components/page-loader';
import { AdminIdentityContext, useAdminCheck } from './admin-identity';
import { useAuth } from './auth-context';

/** Location state a guard leaves for the sign-in page. */
export interface RedirectState {
  from?: string;
  reason?: 'notAdmin';
  /** Prefills the login form (e.g. after a password reset). */
  email?: string;
}

/** The signed-in area: signed-out visitors go to /login and come back after signing in. */
export function RequireAuth() {
  const { status, signedOutByUser } = useAuth();
  const location = useLocation();
  if (status === 'loading') return <PageLoader />;
  if (status === 'signedOut' && signedOutByUser) return <Navigate to="/" replace />;
  if (status === 'signedOut') {
    const state: RedirectState = { from: location.pathname + location.search };
    return <Navigate to="/login" replace state={state} />;
  }
  return <Outlet />;
}

/**
 * The admin area: only users the server knows as admins (`GET /api/admin/me`, derived from the
 * verified token's groups). This hides the screens; every admin API route checks its own permission.
 */
export function RequireAdmin() {
  const { status, signedOutByUser } = useAuth();
  const check = useAdminCheck();
  if (status === 'loading') return <PageLoader />;
  if (status === 'signedOut') return <Navigate to={signedOutByUser ? '/' : '/admin/login'} replace />;
  if (check.state === 'checking') return <PageLoader />;
  if (check.state === 'failed') throw new Error('The admin area could not check your account. Try again.');
  if (check.state === 'notAdmin') {
    const state: RedirectState = { reason: 'notAdmin' };
    return <Navigate to="/admin/login" replace state={state} />;
  }
  // The admin login walks an admin without an authenticator app through setting one up.
  if (!check.identity.totpEnabled) return <Navigate to="/admin/login" replace />;
  return (
    <AdminIdentityContext.Provider value={check.identity}>
      <Outlet />
    </AdminIdentityContext.Provider>
  );
}
