import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { PageLoader } from '../../components/page-loader';
import { useAuth } from './auth-context';
import { isAdmin } from './types';

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
 * The admin area: members of the Cognito group `admins` only. This hides the screens; the admin API
 * checks the group in the verified token on every call.
 */
export function RequireAdmin() {
  const { status, user, signedOutByUser } = useAuth();
  if (status === 'loading') return <PageLoader />;
  if (status === 'signedOut') return <Navigate to={signedOutByUser ? '/' : '/admin/login'} replace />;
  if (!isAdmin(user)) {
    const state: RedirectState = { reason: 'notAdmin' };
    return <Navigate to="/admin/login" replace state={state} />;
  }
  return <Outlet />;
}
