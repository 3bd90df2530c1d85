import { Button, Text } from '@mantine/core';
import { useRef, useState, type FormEvent } from 'react';
import { EmailField, PasswordField, TextField } from '../../../components/form-fields';
import { useAuth } from '../../../lib/auth/auth-context';
import { mapAuthError, type MappedAuthError } from '../map-auth-error';
import { passwordRulesRefusal } from '../password-rules';
import { NewPasswordField } from './password-rules-list';
import { AuthForm } from './auth-form';

const MISMATCH = 'The two passwords are not the same.';

/** Sets a new password with the emailed code (confirmResetPassword). */
export function ResetPasswordForm({
  initialEmail = '',
  initialCode = '',
  onDone,
}: {
  initialEmail?: string;
  /** From the reset email's link (`/reset-password?email=…&code=…`). */
  initialCode?: string;
  onDone: (email: string) => void;
}) {
  const { getClient } = useAuth();
  const [email, setEmail] = useState(initialEmail);
  const [code, setCode] = useState(initialCode);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<
    (Omit<MappedAuthError, 'field'> & { field: MappedAuthError['field'] | 'confirm' }) | null
  >(null);
  const [submitting, setSubmitting] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const confirmRef = useRef<HTMLInputElement>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const refusal = passwordRulesRefusal(password);
    setError(refusal);
    if (refusal) return passwordRef.current?.focus();
    if (password !== confirm) {
      setError({ field: 'confirm', message: MISMATCH });
      confirmRef.current?.focus();
      return;
    }
    setSubmitting(true);
    try {
      await (await getClient()).confirmPasswordReset(email.trim(), code.trim(), password);
      onDone(email.trim());
    } catch (err) {
      const mapped = mapAuthError(err);
      setError(mapped);
      if (mapped.field === 'email') emailRef.current?.focus();
      if (mapped.field === 'password') passwordRef.current?.focus();
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <AuthForm
      label="Set a new password"
      heading="Set a new password"
      intro={
        <Text size="sm" c="dimmed">
          Enter the code from the password reset email and choose a new password.
        </Text>
      }
      formError={error?.field === null ? error.message : null}
      onSubmit={onSubmit}
    >
      <EmailField
        ref={emailRef}
        value={email}
        onValueChange={setEmail}
        error={error?.field === 'email' ? error.message : undefined}
      />
      <TextField
        label="Reset code"
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        required
        data-autofocus={initialCode ? undefined : true}
        value={code}
        onValueChange={setCode}
      />
      <NewPasswordField
        ref={passwordRef}
        // With the code filled from the email's link, the new password is what is left to type.
        data-autofocus={initialCode ? true : undefined}
        label="New password"
        name="new-password"
        rulesId="reset-password-rules"
        value={password}
        onValueChange={setPassword}
        error={error?.field === 'password' ? error.message : undefined}
      />
      <PasswordField
        ref={confirmRef}
        label="Confirm new password"
        name="confirm-password"
        autoComplete="new-password"
        value={confirm}
        onValueChange={setConfirm}
        error={error?.field === 'confirm' ? error.message : undefined}
      />
      <Button type="submit" loading={submitting} fullWidth>
        Set new password
      </Button>
    </AuthForm>
  );
}
