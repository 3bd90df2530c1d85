import { Button, Stack } from '@mantine/core';
import { useRef, useState, type FormEvent } from 'react';
import { MESSAGES } from '../../../../../shared/messages';
import { EmailField, FormErrorAlert, PasswordField } from '../../../components/form-fields';
import { useAuth } from '../../../lib/auth/auth-context';
import { clearAdminIdentity, fetchAdminIdentity } from '../../../lib/auth/admin-identity';
import { mapAuthError, type MappedAuthError } from '../map-auth-error';

export const NOT_AN_ADMIN =
  'This account is not an administrator. The admin area is only for members of the Raincheck admin team.';

/**
 * Admin sign-in: only users the server knows as admins get in; anyone else is signed straight out
 * again and told why. (Every admin API route checks its permission itself.)
 */
export function AdminLoginForm({ onAdmin }: { onAdmin: () => void }) {
  const { signIn, signOut, status } = useAuth();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<MappedAuthError | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    setSubmitting(true);
    try {
      // Someone else may be signed in in this browser (e.g. a contractor account): end that session first.
      if (status === 'signedIn') await signOut();
      const outcome = await signIn(email.trim(), password);
      // The server decides who is an admin, from the verified token (GET /api/admin/me).
      clearAdminIdentity();
      if (outcome.kind === 'signedIn' && outcome.user && (await fetchAdminIdentity(outcome.user.sub))) {
        onAdmin();
        return;
      }
      if (outcome.kind === 'signedIn') await signOut();
      setError({ field: null, message: NOT_AN_ADMIN });
    } catch (err) {
      const mapped = mapAuthError(err, MESSAGES.loginFailed);
      setError(mapped);
      (mapped.field === 'password' ? passwordRef : emailRef).current?.focus();
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form onSubmit={onSubmit} aria-label="Admin log in">
      <Stack gap="md">
        <FormErrorAlert message={error?.field === null ? error.message : null} />
        <EmailField
          ref={emailRef}
          autoComplete="username"
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
        <Button type="submit" loading={submitting} fullWidth>
          Log in as admin
        </Button>
      </Stack>
    </form>
  );
}
