import { Alert, Button, Stack } from '@mantine/core';
import { useState } from 'react';
import { FormErrorAlert } from '../../../components/form-fields';
import { useAuth } from '../../../lib/auth/auth-context';
import { clearAdminIdentity, fetchAdminIdentity } from '../../../lib/auth/admin-identity';
import { TotpSetup } from '../../../components/totp-setup';
import type { AuthUser } from '../../../lib/auth/types';
import { CredentialsFields, useCredentials } from './credentials-fields';
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
  const credentials = useCredentials();
  const { setError } = credentials;

  const signInAsAdmin = async () => {
    // Someone else may be signed in in this browser (e.g. a contractor account): end that session first.
    if (status === 'signedIn') await signOut();
    const outcome = await signIn(credentials.email.trim(), credentials.password);
    if (outcome.kind === 'totpCode') {
      setStep('code');
      return;
    }
    await afterSignIn(outcome.kind === 'signedIn' ? (outcome.user ?? null) : null);
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
    <form onSubmit={credentials.submit(signInAsAdmin)} aria-label="Admin log in">
      <Stack gap="md">
        <FormErrorAlert message={credentials.error?.field === null ? credentials.error.message : null} />
        <CredentialsFields credentials={credentials} emailAutoComplete="username" />
        <Button type="submit" loading={credentials.submitting} fullWidth>
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
