import { Alert, Button, Stack } from '@mantine/core';
import { useRef, useState, type FormEvent } from 'react';
import { MESSAGES } from '../../../../../shared/messages';
import { EmailField, FormErrorAlert, PasswordField } from '../../../components/form-fields';
import { useAuth } from '../../../lib/auth/auth-context';
import { clearAdminIdentity, fetchAdminIdentity } from '../../../lib/auth/admin-identity';
import { TotpSetup } from '../../../components/totp-setup';
import type { AuthUser } from '../../../lib/auth/types';
import { mapAuthError, type MappedAuthError } from '../map-auth-error';
import { TotpCodeForm } from './totp-code-form';

export const NOT_AN_ADMIN =
  'This account is not an administrator. The admin area is only for members of the Raincheck admin team.';
export const ADMIN_TOTP_SETUP_INTRO =
  'Every admin signs in with a second factor. Set up an authenticator app for this account to open the admin area.';

/**
 * Admin sign-in: password, then the authenticator app's code; only users the server knows as admins get
 * in, anyone else is signed straight out again and told why. An admin without an authenticator app is
 * walked through setting one up first (the admin API refuses them until then).
 */
export function AdminLoginForm({ onAdmin }: { onAdmin: () => void }) {
  const { signIn, signOut, status } = useAuth();
  const [step, setStep] = useState<'password' | 'code' | { setupFor: string }>('password');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<MappedAuthError | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    setSubmitting(true);
    try {
      // Someone else may be signed in in this browser (e.g. a contractor account): end that session first.
      if (status === 'signedIn') await signOut();
      const outcome = await signIn(email.trim(), password);
      if (outcome.kind === 'totpCode') {
        setStep('code');
        return;
      }
      await afterSignIn(outcome.kind === 'signedIn' ? (outcome.user ?? null) : null);
    } catch (err) {
      const mapped = mapAuthError(err, MESSAGES.loginFailed);
      setError(mapped);
      (mapped.field === 'password' ? passwordRef : emailRef).current?.focus();
    } finally {
      setSubmitting(false);
    }
  };

  /** The server decides who is an admin, from the verified token and the live status (GET /api/admin/me). */
  async function afterSignIn(user: AuthUser | null) {
    clearAdminIdentity();
    const identity = user ? await fetchAdminIdentity(user.sub) : null;
    if (identity?.totpEnabled) return onAdmin();
    if (identity) return setStep({ setupFor: identity.email });
    if (user) await signOut();
    setStep('password');
    setError({ field: null, message: NOT_AN_ADMIN });
  }

  if (step === 'code') {
    return (
      <TotpCodeForm
        onSignedIn={(user) =>
          void afterSignIn(user).catch(() => setError({ field: null, message: NOT_AN_ADMIN }))
        }
        onRestart={() => setStep('password')}
      />
    );
  }
  if (typeof step === 'object') return <AdminTotpSetup email={step.setupFor} onDone={onAdmin} />;

  return (
    <form onSubmit={onSubmit} aria-label="Admin log in">
      <Stack gap="md">
        <FormErrorAlert message={error?.field === null ? error.message : null} />
        <EmailField
          ref={emailRef}
          autoComplete="username"
          data-autofocus
          value={email}
          onValueChange={setEmail}
          error={error?.field === 'email' ? error.message : undefined}
        />
        <PasswordField
          ref={passwordRef}
          autoComplete="current-password"
          value={password}
          onValueChange={setPassword}
          error={error?.field === 'password' ? error.message : undefined}
        />
        <Button type="submit" loading={submitting} fullWidth>
          Log in as admin
        </Button>
      </Stack>
    </form>
  );
}

/** Walks a signed-in admin without an authenticator app through adding one; then the admin area opens. */
export function AdminTotpSetup({ email, onDone }: { email: string; onDone: () => void }) {
  return (
    <Stack gap="md">
      <Alert color="blue" title="Set up two-factor authentication">
        {ADMIN_TOTP_SETUP_INTRO}
      </Alert>
      <TotpSetup
        accountName={email}
        onDone={() => {
          // The server now reports TOTP on: ask it again rather than trust the earlier answer.
          clearAdminIdentity();
          onDone();
        }}
      />
    </Stack>
  );
}
