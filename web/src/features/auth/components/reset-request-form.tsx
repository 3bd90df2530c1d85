import { Button, Stack, Text } from '@mantine/core';
import { useRef, useState, type FormEvent } from 'react';
import { MESSAGES } from '../../../../../shared/messages';
import { EmailField, FormErrorAlert } from '../../../components/form-fields';
import { useAuth } from '../../../lib/auth/auth-context';
import { mapAuthError, type MappedAuthError } from '../map-auth-error';

interface Props {
  /** After the code is sent (and the spec's alert is dismissed). */
  onSent: (email: string) => void;
  /** "Back to Login"; omitted where there is no login form to go back to. */
  onBack?: () => void;
  initialEmail?: string;
}

/** Sends the reset code (spec §2: "Send Reset Link", "Back to Login"; messages of §8). */
export function ResetRequestForm({ onSent, onBack, initialEmail = '' }: Props) {
  const { getClient } = useAuth();
  const [email, setEmail] = useState(initialEmail);
  const [error, setError] = useState<MappedAuthError | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    setSubmitting(true);
    const address = email.trim();
    try {
      await (await getClient()).requestPasswordReset(address);
      window.alert(MESSAGES.resetEmailSent);
      onSent(address);
    } catch (err) {
      const mapped = mapAuthError(err, MESSAGES.resetEmailFailed);
      setError(mapped);
      emailRef.current?.focus();
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form onSubmit={onSubmit} aria-label="Reset password">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Enter your account&apos;s email. We&apos;ll send a code to set a new password.
        </Text>
        <FormErrorAlert message={error?.field === null ? error.message : null} />
        <EmailField
          ref={emailRef}
          data-autofocus
          value={email}
          onValueChange={setEmail}
          error={error?.field ? error.message : undefined}
        />
        <Button type="submit" loading={submitting} fullWidth>
          Send Reset Link
        </Button>
        {onBack ? (
          <Button variant="subtle" type="button" onClick={onBack} fullWidth>
            Back to Login
          </Button>
        ) : null}
      </Stack>
    </form>
  );
}
