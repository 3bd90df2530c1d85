import { Alert, Anchor, Button, Group, Stack } from '@mantine/core';
import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { MESSAGES } from '../../../../../shared/messages';
import { EmailField, FormErrorAlert, PasswordField } from '../../../components/form-fields';
import { useAuth } from '../../../lib/auth/auth-context';
import type { AuthUser } from '../../../lib/auth/types';
import { mapAuthError, type AuthErrorField } from '../map-auth-error';
import { TotpCodeForm } from './totp-code-form';

interface Props {
  onSignedIn?: (user: AuthUser | null) => void;
  /** "Forgot Password?" switches to the reset form. */
  onForgotPassword: () => void;
  submitLabel?: string;
  initialEmail?: string;
}

type FormError = { field: AuthErrorField | null; message: string } | null;

/** Email and password, both required (spec §5); errors go to the field the code names (map-auth-error). */
export function LoginForm({
  onSignedIn,
  onForgotPassword,
  submitLabel = 'Log in',
  initialEmail = '',
}: Props) {
  const { signIn } = useAuth();
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<FormError>(null);
  const [unconfirmed, setUnconfirmed] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [needsCode, setNeedsCode] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    setUnconfirmed(false);
    setSubmitting(true);
    try {
      const outcome = await signIn(email.trim(), password);
      if (outcome.kind === 'signedIn') {
        onSignedIn?.(outcome.user ?? null);
        return;
      }
      if (outcome.kind === 'confirmSignUp') setUnconfirmed(true);
      else if (outcome.kind === 'totpCode') setNeedsCode(true);
      else
        setError({
          field: null,
          message: `This sign-in needs a step Raincheck does not support (${outcome.step}).`,
        });
    } catch (err) {
      if ((err as { name?: string }).name === 'UserNotConfirmedException') {
        setUnconfirmed(true);
        return;
      }
      const mapped = mapAuthError(err, MESSAGES.loginFailed);
      setError(mapped);
      (mapped.field === 'password' ? passwordRef : emailRef).current?.focus();
    } finally {
      setSubmitting(false);
    }
  };

  if (needsCode) {
    return <TotpCodeForm onSignedIn={(user) => onSignedIn?.(user)} onRestart={() => setNeedsCode(false)} />;
  }

  return (
    <form onSubmit={onSubmit} aria-label="Log in">
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
        <EmailField
          ref={emailRef}
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
