import { useRef, useState, type FormEvent } from 'react';
import { MESSAGES } from '../../../../../shared/messages';
import { EmailField, PasswordField } from '../../../components/form-fields';
import { mapAuthError, type MappedAuthError } from '../map-auth-error';

/**
 * The state of an email-and-password sign-in (the login form and the admin one): the two values, the
 * error and the busy button. `submit(run)` makes a form's submit handler that runs one attempt; a
 * failure lands on the field its code names (map-auth-error), which takes the focus, or above the form.
 */
export function useCredentials(initialEmail = '') {
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<MappedAuthError | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  const submit = (run: () => Promise<void>) => async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    setSubmitting(true);
    try {
      await run();
    } catch (err) {
      const mapped = mapAuthError(err, MESSAGES.loginFailed);
      setError(mapped);
      (mapped.field === 'password' ? passwordRef : emailRef).current?.focus();
    } finally {
      setSubmitting(false);
    }
  };

  return {
    email,
    setEmail,
    password,
    setPassword,
    error,
    setError,
    submitting,
    submit,
    emailRef,
    passwordRef,
  };
}

export type Credentials = ReturnType<typeof useCredentials>;

/**
 * The two inputs, each with its own error; the email takes the focus when the form opens. The
 * password shows only once it is asked for (`withPassword`; the log-in form asks for the email first).
 */
export function CredentialsFields({
  credentials: c,
  emailAutoComplete,
  withPassword = true,
}: {
  credentials: Credentials;
  emailAutoComplete?: string;
  withPassword?: boolean;
}) {
  return (
    <>
      <EmailField
        ref={c.emailRef}
        autoComplete={emailAutoComplete}
        data-autofocus
        value={c.email}
        onValueChange={c.setEmail}
        error={c.error?.field === 'email' ? c.error.message : undefined}
      />
      {withPassword ? (
        <PasswordField
          ref={c.passwordRef}
          autoComplete="current-password"
          value={c.password}
          onValueChange={c.setPassword}
          error={c.error?.field === 'password' ? c.error.message : undefined}
        />
      ) : null}
    </>
  );
}
