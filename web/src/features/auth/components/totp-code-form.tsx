import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { FormErrorAlert } from '../../../components/form-fields';
import { TOTP_CODE_HINT, TOTP_CODE_WRONG, totpDigits } from '../../../components/totp-setup';
import { useAuth } from '../../../lib/auth/auth-context';
import type { AuthUser } from '../../../lib/auth/types';

export const TOTP_SESSION_SPENT = 'This sign-in has expired. Log in again with your password.';

/**
 * The second step of a sign-in for an account with an authenticator app: its current 6-digit code.
 * A lost app is recovered by resetting the password by email, which removes it (the settings page says so).
 */
export function TotpCodeForm({
  onSignedIn,
  onRestart,
}: {
  onSignedIn: (user: AuthUser | null) => void;
  /** Back to the password step (after too many wrong codes the sign-in must start again). */
  onRestart: () => void;
}) {
  const { confirmTotpCode } = useAuth();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [spent, setSpent] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    setSubmitting(true);
    try {
      const outcome = await confirmTotpCode(code);
      if (outcome.kind === 'signedIn') onSignedIn(outcome.user ?? null);
    } catch (err) {
      const name = (err as { name?: string }).name ?? '';
      const wrongCode = name === 'CodeMismatchException';
      setSpent(!wrongCode);
      setError(wrongCode ? TOTP_CODE_WRONG : TOTP_SESSION_SPENT);
      setCode('');
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form onSubmit={onSubmit} aria-label="Two-factor code">
      <Stack gap="md">
        <FormErrorAlert title="Could not log in" message={error} />
        <Text size="sm">Open your authenticator app and enter the code it shows for Raincheck.</Text>
        <TextInput
          label="Authentication code"
          description={TOTP_CODE_HINT}
          inputMode="numeric"
          autoComplete="one-time-code"
          data-autofocus
          value={code}
          onChange={(e) => setCode(totpDigits(e.currentTarget.value))}
          required
          disabled={spent}
        />
        <Button type="submit" loading={submitting} disabled={spent || code.length !== 6} fullWidth>
          Verify
        </Button>
        <Anchor component="button" type="button" size="sm" onClick={onRestart}>
          Back to log in
        </Anchor>
      </Stack>
    </form>
  );
}
