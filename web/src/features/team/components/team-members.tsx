import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { ROLE_LABELS, type TeamMember, type TeamRole } from '../../../../../shared/team';
import { runTeamChange } from '../run-team-change';
import { useChangeRole, useRemoveMember } from '../api/team-api';
import { ChoiceSelect } from '../../../components/form-fields';

const dateTime = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) : 'Never';

const CHANGEABLE = (['manager', 'viewer'] as const).map((r) => ({ value: r, label: ROLE_LABELS[r] }));

/** One person: role, who invited them, last sign-in; the owner's changes for everyone but themself. */
function MemberRow({ member, canManage, self }: { member: TeamMember; canManage: boolean; self: boolean }) {
  const change = useChangeRole();
  const remove = useRemoveMember();
  const [confirming, setConfirming] = useState<'remove' | 'owner' | null>(null);
  const editable = canManage && !self && member.role !== 'owner';

  const act = (run: () => Promise<unknown>, done: string) =>
    runTeamChange(run, done).finally(() => setConfirming(null));
  const setRole = (role: TeamRole) =>
    act(
      () => change.mutateAsync({ userId: member.userId, role }),
      `${member.email} is now ${ROLE_LABELS[role].toLowerCase()}.`,
    );

  return (
    <Paper withBorder p="sm" radius="md" component="li" aria-label={member.email}>
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <div style={{ minWidth: 0 }}>
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {member.name ?? member.email}
              {self ? ' (you)' : ''}
            </Text>
            {member.name ? (
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {member.email}
              </Text>
            ) : null}
          </div>
          {editable ? null : <Badge variant="light">{ROLE_LABELS[member.role]}</Badge>}
        </Group>
        <Text size="sm" c="dimmed">
          {member.invitedBy ? `Invited by ${member.invitedBy} · ` : ''}Last sign-in:{' '}
          {dateTime(member.lastSignInAt)}
        </Text>
        {editable ? (
          <Group gap="xs" align="flex-end" wrap="wrap">
            <ChoiceSelect
              label="Role"
              aria-label={`Role of ${member.email}`}
              data={CHANGEABLE}
              value={member.role}
              w={160}
              disabled={change.isPending}
              onValueChange={(v) => v !== member.role && void setRole(v)}
            />
            {confirming === null ? (
              <>
                <Button variant="default" onClick={() => setConfirming('owner')}>
                  Make owner
                </Button>
                <Button variant="light" color="red" onClick={() => setConfirming('remove')}>
                  Remove
                </Button>
              </>
            ) : (
              <>
                <Button
                  color={confirming === 'remove' ? 'red' : undefined}
                  loading={change.isPending || remove.isPending}
                  onClick={() =>
                    void (confirming === 'remove'
                      ? act(() => remove.mutateAsync(member.userId), `${member.email} was removed.`)
                      : setRole('owner'))
                  }
                >
                  {confirming === 'remove' ? `Remove ${member.email}` : 'Hand ownership over'}
                </Button>
                <Button variant="default" onClick={() => setConfirming(null)}>
                  Cancel
                </Button>
              </>
            )}
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}

export function TeamMembers({
  members,
  canManage,
  selfId,
}: {
  members: TeamMember[];
  canManage: boolean;
  selfId: string;
}) {
  return (
    <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Members">
      {members.map((m) => (
        <MemberRow key={m.userId} member={m} canManage={canManage} self={m.userId === selfId} />
      ))}
    </Stack>
  );
}
