import { Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { FormErrorAlert } from '../../../components/form-fields';
import { TotpSetup } from '../../../components/totp-setup';
import { useAuth } from '../../../lib/auth/auth-context';
import { QueryError } from '../../../components/records/query-state';

export const TWO_FACTOR_RECOVERY =
  'Lost your phone or authenticator app? Use "Forgot Password?" on the log-in page: resetting your password with the code we email you also removes the authenticator app, so you can sign in and set up a new one.';
export const TWO_FACTOR_LOAD_FAILED = 'Two-factor authentication could not be checked just now. Try again.';
export const TWO_FACTOR_DISABLE_FAILED =
  'Two-factor authentication could not be turned off just now. Try again.';

type State =
  { kind: 'loading' } | { kind: 'off' } | { kind: 'settingUp' } | { kind: 'on' } | { kind: 'failed' };

/**
 * Settings → Two-factor authentication: add an authenticator app (TOTP), or remove it. Recovery is by
 * email: a completed password reset removes the app (Cognito's admin action in AWS, the local proxy here).
 */
export function TwoFactorSection({ email }: { email: string }) {
  const { getClient } = useAuth();
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(() => {
    setState({ kind: 'loading' });
    getClient()
      .then((client) => client.totp.enabled())
      .then(
        (on) => setState({ kind: on ? 'on' : 'off' }),
        () => setState({ kind: 'failed' }),
      );
  }, [getClient]);
  useEffect(load, [load]);

  const turnOff = async () => {
    setError(null);
    setBusy(true);
    try {
      await (await getClient()).totp.disable();
      setState({ kind: 'off' });
    } catch {
      setError(TWO_FACTOR_DISABLE_FAILED);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="sm">
      <FormErrorAlert message={error} />
      {state.kind === 'loading' ? <Skeleton h={60} aria-label="Checking two-factor authentication" /> : null}
      {state.kind === 'failed' ? <QueryError inline message={TWO_FACTOR_LOAD_FAILED} onRetry={load} /> : null}
      {state.kind === 'off' ? (
        <Group justify="space-between" align="center">
          <Text size="sm">
            Off. Turn it on to ask for a code from an authenticator app each time you log in.
          </Text>
          <Button variant="default" onClick={() => setState({ kind: 'settingUp' })}>
            Set up an authenticator app
          </Button>
        </Group>
      ) : null}
      {state.kind === 'settingUp' ? (
        <TotpSetup accountName={email} onDone={() => setState({ kind: 'on' })} />
      ) : null}
      {state.kind === 'on' ? (
        <Group justify="space-between" align="center">
          <Text size="sm">On: logging in asks for a code from your authenticator app.</Text>
          <Button variant="default" color="red" loading={busy} onClick={() => void turnOff()}>
            Turn off
          </Button>
        </Group>
      ) : null}
      <Text size="xs" c="dimmed">
        {TWO_FACTOR_RECOVERY}
      </Text>
    </Stack>
  );
}
