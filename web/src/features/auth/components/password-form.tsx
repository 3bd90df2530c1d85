import { Button, Group, Stack } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { MESSAGES } from '../../../../../shared/messages';
import { FormErrorAlert, PasswordField } from '../../../components/form-fields';
import { useAuth } from '../../../lib/auth/auth-context';
import { toast } from '../../../lib/toast';
import { notifyPasswordChanged } from '../api/notify-password-changed';
import { passwordChangeError, type PasswordFormField } from '../password-change-error';
import { PASSWORD_RULES_ERROR, unmetPasswordRules } from '../password-rules';
import { NewPasswordField } from './password-rules-list';

type Field = PasswordFormField;

/** Changes the password of the signed-in user (Amplify updatePassword). */
export function PasswordForm() {
  const { user, getClient } = useAuth();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<{ field: Field; message: string } | null>(null);
  const [saving, setSaving] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    if (!user) return setError({ field: 'form', message: MESSAGES.noAuthenticatedUser });
    if (unmetPasswordRules(next).length > 0)
      return setError({ field: 'next', message: PASSWORD_RULES_ERROR });
    if (next !== confirm)
      return setError({ field: 'confirm', message: 'The two passwords are not the same.' });
    setSaving(true);
    try {
      await (await getClient()).updatePassword(current, next);
      setCurrent('');
      setNext('');
      setConfirm('');
      toast.success('Your password has been changed.');
      void notifyPasswordChanged();
    } catch (err) {
      setError(passwordChangeError(err));
    } finally {
      setSaving(false);
    }
  };

  const fieldError = (field: Field) => (error?.field === field ? error.message : undefined);

  return (
    <form onSubmit={onSubmit} aria-label="Change password">
      <Stack gap="md" maw={480}>
        <FormErrorAlert message={error?.field === 'form' ? error.message : null} />
        <PasswordField
          label="Current password"
          name="current-password"
          autoComplete="current-password"
          value={current}
          onValueChange={setCurrent}
          error={fieldError('current')}
        />
        <NewPasswordField
          label="New password"
          name="new-password"
          rulesId="settings-password-rules"
          value={next}
          onValueChange={setNext}
          error={fieldError('next')}
        />
        <PasswordField
          label="Confirm new password"
          name="confirm-password"
          autoComplete="new-password"
          value={confirm}
          onValueChange={setConfirm}
          error={fieldError('confirm')}
        />
        <Group>
          <Button type="submit" loading={saving}>
            Update password
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
