import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { ROLE_LABELS, type TeamInvite } from '../../../../../shared/team';
import { runTeamChange } from '../run-team-change';
import { useResendInvite, useRevokeInvite } from '../api/team-api';

const day = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });

/** Invites not yet accepted: each holds a seat until it is accepted or revoked. */
export function PendingInvites({ invites, canManage }: { invites: TeamInvite[]; canManage: boolean }) {
  const resend = useResendInvite();
  const revoke = useRevokeInvite();
  if (invites.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No pending invites.
      </Text>
    );
  return (
    <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Pending invites">
      {invites.map((i) => {
        const expired = new Date(i.validUntil).getTime() <= Date.now();
        return (
          <Paper key={i.id} withBorder p="sm" radius="md" component="li" aria-label={i.email}>
            <Stack gap={6}>
              <Group justify="space-between" gap="xs" wrap="wrap">
                <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {i.email}
                </Text>
                <Badge variant="light">{ROLE_LABELS[i.role]}</Badge>
              </Group>
              <Text size="sm" c={expired ? 'red' : 'dimmed'}>
                {expired ? `Expired ${day(i.validUntil)}` : `Link works until ${day(i.validUntil)}`} · invited
                by {i.invitedBy}
              </Text>
              {canManage ? (
                <Group gap="xs">
                  <Button
                    size="sm"
                    variant="default"
                    onClick={() =>
                      void runTeamChange(() => resend.mutateAsync(i.id), `A new link was sent to ${i.email}.`)
                    }
                  >
                    Resend
                  </Button>
                  <Button
                    size="sm"
                    variant="light"
                    color="red"
                    onClick={() =>
                      void runTeamChange(
                        () => revoke.mutateAsync(i.id),
                        `The invite of ${i.email} was revoked.`,
                      )
                    }
                  >
                    Revoke
                  </Button>
                </Group>
              ) : null}
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}
