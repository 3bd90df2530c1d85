import { Button, Group, Stack, Text } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import {
  INVITE_ROLES,
  inviteSchema,
  ROLE_LABELS,
  ROLE_SUMMARIES,
  TEAM_MESSAGES,
  type InviteRole,
  type TeamResponse,
} from '../../../../../shared/team';
import { ApiError } from '../../../lib/api-client';
import { friendlyErrorMessage } from '../../../lib/error-message';
import { toast } from '../../../lib/toast';
import { useInvite } from '../api/team-api';
import { ChoiceSelect, TextField } from '../../../components/form-fields';

// The field shows the role's name only (a phone cut "Manager: Records, rules, templates, n…"); what the
// role may do is written under it and beside each choice in the list.
const ROLE_OPTIONS = INVITE_ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] }));

/** The owner's invite: an address and a role; the server holds the plan's seats. */
export function InviteForm({ seats }: { seats: TeamResponse['seats'] }) {
  const invite = useInvite();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<InviteRole>('manager');
  const [errors, setErrors] = useState<{ email?: string; role?: string; form?: string }>({});

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = inviteSchema.safeParse({ email: email.trim(), role });
    if (!parsed.success) {
      const byField = Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message]));
      setErrors(byField);
      return;
    }
    setErrors({});
    try {
      await invite.mutateAsync(parsed.data);
      toast.success(`Invite sent to ${parsed.data.email}.`);
      setEmail('');
    } catch (err) {
      const message = friendlyErrorMessage(err, 'The invite could not be sent. Try again.');
      if (err instanceof ApiError && err.field) setErrors({ [err.field]: message });
      else setErrors({ form: message });
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label="Invite someone">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {TEAM_MESSAGES.seatsUsed(seats.used, seats.limit)}
        </Text>
        <TextField
          label="Email"
          type="email"
          autoComplete="off"
          required
          value={email}
          onValueChange={setEmail}
          error={errors.email}
        />
        <ChoiceSelect
          label="Role"
          data={ROLE_OPTIONS}
          description={ROLE_SUMMARIES[role]}
          renderOption={({ option }) => (
            <div>
              <Text size="sm">{option.label}</Text>
              <Text size="xs" c="dimmed">
                {ROLE_SUMMARIES[option.value as InviteRole]}
              </Text>
            </div>
          )}
          value={role}
          onValueChange={setRole}
          error={errors.role}
        />
        {errors.form ? (
          <Text size="sm" c="red" role="alert">
            {errors.form}
          </Text>
        ) : null}
        <Group>
          <Button type="submit" loading={invite.isPending}>
            Send invite
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
