import { Alert, Anchor, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { PageLoader } from '../../components/page-loader';
import { AdminLoginForm, AdminTotpSetup } from '../../features/auth/components/admin-login-form';
import { LoginForm } from '../../features/auth/components/login-form';
import { RegisterForm } from '../../features/auth/components/register-form';
import { ResetPasswordForm } from '../../features/auth/components/reset-password-form';
import { ResetRequestForm } from '../../features/auth/components/reset-request-form';
import { usePaidGuestEmail } from '../../features/auth/use-paid-guest-email';
import { useRedirectWhenSignedIn } from '../../features/auth/use-redirect-when-signed-in';
import { useAuth } from '../../lib/auth/auth-context';
import type { RedirectState } from '../../lib/auth/guards';
import { useAdminCheck } from '../../lib/auth/admin-identity';
import { completeSsoSignIn } from '../../lib/auth/sso-redirect';
import { toast } from '../../lib/toast';
import { useDocumentTitle } from '../../lib/use-document-title';

/** /login: a signed-in user goes on to the pending plan, the page they came from, or the dashboard. */
export function LoginPage() {
  useDocumentTitle('Log in');
  const location = useLocation();
  const navigate = useNavigate();
  const { from, email } = (location.state as RedirectState | null) ?? {};
  const status = useRedirectWhenSignedIn(from ?? '/dashboard');
  if (status !== 'signedOut') return <PageLoader />;
  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        Log in to Raincheck
      </Title>
      {from ? (
        <Text size="sm" c="dimmed">
          Log in to continue.
        </Text>
      ) : null}
      {/* The redirect hook moves on once the auth state says signed in. */}
      <LoginForm initialEmail={email} onForgotPassword={() => navigate('/forgot-password')} />
    </Stack>
  );
}

/** /register: sign up, confirm the emailed code, and go on signed in. */
export function RegisterPage() {
  useDocumentTitle('Create your account');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  // Back from a guest checkout: once signed in, the subscription screen shows the linked purchase.
  const status = useRedirectWhenSignedIn(
    params.get('checkout') === 'success' ? '/subscription?checkout=success' : undefined,
  );
  const paidEmail = usePaidGuestEmail();
  if (status !== 'signedOut') return <PageLoader />;
  const confirmEmail = params.get('confirm') ?? undefined;
  return (
    <RegisterForm
      confirmEmail={confirmEmail}
      paidEmail={paidEmail}
      onConfirmedWithoutPassword={() => navigate('/login')}
    />
  );
}

/** /forgot-password: sends the reset code, then moves on to entering it. */
export function ForgotPasswordPage() {
  useDocumentTitle('Reset your password');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        Reset your password
      </Title>
      <ResetRequestForm
        initialEmail={params.get('email') ?? ''}
        onSent={(email) => navigate(`/reset-password?email=${encodeURIComponent(email)}`)}
      />
      <Anchor component={Link} to="/login" size="sm" ta="center">
        Back to Login
      </Anchor>
    </Stack>
  );
}

/** /reset-password: the code from the email and a new password. */
export function ResetPasswordPage() {
  useDocumentTitle('Set a new password');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  return (
    <Stack gap="md">
      <ResetPasswordForm
        initialEmail={params.get('email') ?? ''}
        initialCode={params.get('code') ?? ''}
        onDone={(email) => {
          toast.success('Your password has been changed. Log in with the new password.');
          const state: RedirectState = { email };
          navigate('/login', { replace: true, state });
        }}
      />
      <Text size="sm" ta="center">
        No code?{' '}
        <Anchor component={Link} to="/forgot-password" underline="always">
          Send a new one
        </Anchor>
      </Text>
    </Stack>
  );
}

/** /admin/login: admins only (group `admins`). */
export function AdminLoginPage() {
  useDocumentTitle('Admin log in');
  const { status, user } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const check = useAdminCheck();
  if (status === 'loading') return <PageLoader />;
  // Only the server's word sends a signed-in user on to the admin area (never the token's copy of the
  // groups). The form stays mounted while the server is asked: it is the form's own sign-in that
  // triggers the check, and it shows the refusal itself.
  const toDashboard = () => navigate('/admin/dashboard', { replace: true });
  if (status === 'signedIn' && check.state === 'admin') {
    if (check.identity.totpEnabled) return <Navigate to="/admin/dashboard" replace />;
    // An admin without an authenticator app: the admin API refuses them until they add one.
    return <AdminTotpSetup email={check.identity.email} onDone={toDashboard} />;
  }
  const signedInNotAdmin = status === 'signedIn' && check.state === 'notAdmin';
  const sentAway = (location.state as RedirectState | null)?.reason === 'notAdmin';
  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        Admin log in
      </Title>
      {signedInNotAdmin || sentAway ? (
        <Alert color="yellow" title="Administrators only">
          {signedInNotAdmin
            ? `You are signed in as ${user?.email ?? 'a user'}, which is not an administrator account. Logging in here signs that account out.`
            : 'The admin area needs an administrator account.'}
        </Alert>
      ) : null}
      <AdminLoginForm onAdmin={toDashboard} />
      <Anchor component={Link} to="/" size="sm" ta="center">
        Back to Raincheck
      </Anchor>
    </Stack>
  );
}

/**
 * /auth/sso-callback: where the company's sign-in sends the browser back. The code is redeemed and the
 * session stored, then the app starts afresh on the dashboard; a refusal is shown with the way back.
 */
export function SsoCallbackPage() {
  useDocumentTitle('Signing in');
  const location = useLocation();
  const [failure, setFailure] = useState<string | null>(null);
  const started = useRef(false);
  useEffect(() => {
    // Once only: the code is single use (React's development double effects would spend it twice).
    if (started.current) return;
    started.current = true;
    completeSsoSignIn(location.search).then(
      () => window.location.replace('/dashboard'),
      (err: unknown) => setFailure(err instanceof Error ? err.message : String(err)),
    );
  }, [location.search]);
  if (!failure) return <PageLoader />;
  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        Single sign-on did not complete
      </Title>
      <Alert color="red" role="alert" title="Your company's sign-in was not accepted">
        {failure}
      </Alert>
      <Anchor component={Link} to="/login">
        Back to log in
      </Anchor>
    </Stack>
  );
}
