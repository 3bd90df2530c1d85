import { Alert, Anchor, Button, Group, Stack } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { FormErrorAlert } from '../../../components/form-fields';
import { useAuth } from '../../../lib/auth/auth-context';
import type { AuthUser } from '../../../lib/auth/types';
import { CredentialsFields, useCredentials } from './credentials-fields';
import { TotpCodeForm } from './totp-code-form';

interface Props {
  onSignedIn?: (user: AuthUser | null) => void;
  /** "Forgot Password?" switches to the reset form. */
  onForgotPassword: () => void;
  submitLabel?: string;
  initialEmail?: string;
}

/** Email and password, both required (spec §5); errors go to the field the code names (map-auth-error). */
export function LoginForm({
  onSignedIn,
  onForgotPassword,
  submitLabel = 'Log in',
  initialEmail = '',
}: Props) {
  const { signIn } = useAuth();
  const credentials = useCredentials(initialEmail);
  const { email, password, error, setError, submitting } = credentials;
  const [unconfirmed, setUnconfirmed] = useState(false);
  const [needsCode, setNeedsCode] = useState(false);

  const signInOrExplain = async () => {
    setUnconfirmed(false);
    let outcome;
    try {
      outcome = await signIn(email.trim(), password);
    } catch (err) {
      if ((err as { name?: string }).name !== 'UserNotConfirmedException') throw err;
      setUnconfirmed(true);
      return;
    }
    if (outcome.kind === 'signedIn') onSignedIn?.(outcome.user ?? null);
    else if (outcome.kind === 'confirmSignUp') setUnconfirmed(true);
    else if (outcome.kind === 'totpCode') setNeedsCode(true);
    else
      setError({
        field: null,
        message: `This sign-in needs a step Raincheck does not support (${outcome.step}).`,
      });
  };

  if (needsCode) {
    return <TotpCodeForm onSignedIn={(user) => onSignedIn?.(user)} onRestart={() => setNeedsCode(false)} />;
  }

  return (
    <form onSubmit={credentials.submit(signInOrExplain)} aria-label="Log in">
      <Stack gap="md">
        <FormErrorAlert title="Could not log in" message={error?.field === null ? error.message : null} />
        {unconfirmed ? (
          <Alert color="yellow" role="alert" title="Confirm your email first">
            This account&apos;s email is not confirmed yet.{' '}
            <Anchor component={Link} to={`/register?confirm=${encodeURIComponent(email.trim())}`}>
              Enter the confirmation code
            </Anchor>
          </Alert>
        ) : null}
        <CredentialsFields credentials={credentials} />
        <Group justify="space-between">
          <Anchor component="button" type="button" size="sm" onClick={onForgotPassword}>
            Forgot Password?
          </Anchor>
          <Anchor component={Link} to="/register" size="sm">
            Create an account
          </Anchor>
        </Group>
        <Button type="submit" loading={submitting} fullWidth>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
