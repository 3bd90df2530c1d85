import { Button, Text } from '@mantine/core';
import { useRef, useState, type FormEvent } from 'react';
import { ACCOUNT_MESSAGES, MESSAGES } from '../../../../../shared/messages';
import { EmailField } from '../../../components/form-fields';
import { useAuth } from '../../../lib/auth/auth-context';
import { authErrorCode, mapAuthError, type MappedAuthError } from '../map-auth-error';
import { AuthForm } from './auth-form';

interface Props {
  /** After the code is sent (and the spec's alert is dismissed). */
  onSent: (email: string) => void;
  /** "Back to Login"; omitted where there is no login form to go back to. */
  onBack?: () => void;
  initialEmail?: string;
}

/**
 * Sends the reset email (spec §2): a link that fills the code on the reset page, and the code itself.
 * Whether an account exists is never told: an unknown email reads as sent, like Cognito's own
 * "prevent user existence errors" answers in AWS. Other failures keep the spec's message (§8).
 */
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
      try {
        await (await getClient()).requestPasswordReset(address);
      } catch (err) {
        if (authErrorCode(err) !== 'UserNotFoundException') throw err;
      }
      window.alert(ACCOUNT_MESSAGES.resetCodeSent);
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
    <AuthForm
      label="Reset password"
      intro={
        <Text size="sm" c="dimmed">
          {ACCOUNT_MESSAGES.resetRequestIntro}
        </Text>
      }
      formError={error?.field === null ? error.message : null}
      onSubmit={onSubmit}
    >
      <EmailField
        ref={emailRef}
        data-autofocus
        value={email}
        onValueChange={setEmail}
        error={error?.field ? error.message : undefined}
      />
      <Button type="submit" loading={submitting} fullWidth>
        {ACCOUNT_MESSAGES.sendResetLink}
      </Button>
      {onBack ? (
        <Button variant="subtle" type="button" onClick={onBack} fullWidth>
          Back to Login
        </Button>
      ) : null}
    </AuthForm>
  );
}
