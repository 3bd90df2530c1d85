import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { FormErrorAlert } from '../../../components/form-fields';
import { useAuth } from '../../../lib/auth/auth-context';
import type { AuthUser } from '../../../lib/auth/types';
import { SSO_MESSAGES } from '../../../../../shared/sso';
import { startSsoSignIn } from '../../../lib/auth/sso-redirect';
import { discoverSignIn } from '../api/discover-sign-in';
import { CredentialsFields, useCredentials } from './credentials-fields';
import { TotpCodeForm } from './totp-code-form';

interface Props {
  onSignedIn?: (user: AuthUser | null) => void;
  /** "Forgot Password?" switches to the reset form. */
  onForgotPassword: () => void;
  submitLabel?: string;
  initialEmail?: string;
}

/** How the typed address signs in: not known yet, with a password, or through its company's provider. */
type Method = { kind: 'unknown' } | { kind: 'password' } | { kind: 'sso'; redirectUrl: string };

const LOOKS_LIKE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const ask = (address: string, signal?: AbortSignal): Promise<Method> =>
  discoverSignIn(address, signal).then(
    (answer): Method =>
      answer.method === 'sso' ? { kind: 'sso', redirectUrl: answer.redirectUrl } : { kind: 'password' },
    // Cannot tell: the password form, as before single sign-on existed.
    (): Method => ({ kind: 'password' }),
  );

/**
 * Email first (issue 24): as the address is typed the API says how it signs in. An address under single
 * sign-on goes to its company's provider and the password field never shows; any other gets the password
 * field as before (also when the question cannot be answered). Email and password are both required
 * (spec §5); errors go to the field the code names (map-auth-error).
 */
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
  const [method, setMethod] = useState<Method>({ kind: 'unknown' });

  // Asked shortly after typing stops; a changed address asks again.
  useEffect(() => {
    setMethod({ kind: 'unknown' });
    const address = email.trim();
    if (!LOOKS_LIKE_EMAIL.test(address)) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      void ask(address, controller.signal).then((m) => {
        if (!controller.signal.aborted) setMethod(m);
      });
    }, 250);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [email]);

  /** Before the password: find how this address signs in, and go to its provider when it has one. */
  const continueWithEmail = async () => {
    if (!LOOKS_LIKE_EMAIL.test(email.trim())) {
      setError({ field: 'email', message: SSO_MESSAGES.emailFirst });
      credentials.emailRef.current?.focus();
      return;
    }
    const known = method.kind === 'sso' ? method : await ask(email.trim());
    if (known.kind === 'sso') await startSsoSignIn(known.redirectUrl);
    else setMethod(known);
  };

  const signInOrExplain = async () => {
    setUnconfirmed(false);
    if (method.kind !== 'password') return continueWithEmail();
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
        <CredentialsFields credentials={credentials} withPassword={method.kind === 'password'} />
        {method.kind === 'sso' ? (
          <Text size="sm" role="status">
            Your organisation signs in with single sign-on. Continue to your company&apos;s sign-in page.
          </Text>
        ) : null}
        <Group justify="space-between">
          {method.kind === 'sso' ? (
            <span />
          ) : (
            <Anchor component="button" type="button" size="sm" onClick={onForgotPassword}>
              Forgot Password?
            </Anchor>
          )}
          <Anchor component={Link} to="/register" size="sm">
            Create an account
          </Anchor>
        </Group>
        <Button type="submit" loading={submitting} fullWidth>
          {method.kind === 'password'
            ? submitLabel
            : method.kind === 'sso'
              ? 'Continue with single sign-on'
              : 'Continue'}
        </Button>
      </Stack>
    </form>
  );
}
