import { Skeleton, Stack, Text, Title } from '@mantine/core';
import { RecordSection } from '../../../components/records/record-section';
import { ROLE_LABELS } from '../../../../../shared/team';
import { useMe } from '../../../features/account/api/get-me';
import { useTeam } from '../../../features/team/api/team-api';
import { AuditLog } from '../../../features/team/components/audit-log';
import { InviteForm } from '../../../features/team/components/invite-form';
import { PendingInvites } from '../../../features/team/components/pending-invites';
import { TeamMembers } from '../../../features/team/components/team-members';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { QueryError } from '../../../components/records/query-state';
import { PAGE_TITLE_SIZE } from '../../../components/heading-size';

/** /settings/team: the account's people, invites and (for the owner) the audit log. */
export function TeamPage() {
  useDocumentTitle('Team');
  const me = useMe();
  const team = useTeam();
  const role = me.data?.account?.role ?? 'owner';
  const isOwner = role === 'owner';

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2" style={PAGE_TITLE_SIZE}>
          Team
        </Title>
        {me.data ? (
          <Text size="sm" c="dimmed">
            Your role: {ROLE_LABELS[role]}
            {isOwner ? '' : '. Only the owner changes the team.'}
          </Text>
        ) : null}
      </div>
      {team.isPending || me.isPending ? (
        <Skeleton h={240} aria-label="Loading your team" />
      ) : team.isError ? (
        <QueryError
          inline
          error={team.error}
          fallback="Your team could not be loaded."
          onRetry={() => void team.refetch()}
        />
      ) : (
        <>
          {isOwner ? (
            <RecordSection title="Invite someone">
              <InviteForm seats={team.data.seats} />
            </RecordSection>
          ) : null}
          <RecordSection title="Members">
            <TeamMembers
              members={team.data.members}
              canManage={isOwner}
              selfId={me.data?.account?.userId ?? ''}
            />
          </RecordSection>
          <RecordSection title="Pending invites">
            <PendingInvites invites={team.data.invites} canManage={isOwner} />
          </RecordSection>
          {isOwner ? (
            <RecordSection title="Audit log">
              <AuditLog />
            </RecordSection>
          ) : null}
        </>
      )}
    </Stack>
  );
}
