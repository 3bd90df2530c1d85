import { Skeleton, Stack, Text } from '@mantine/core';
import { describeAudit } from '../../../../../shared/team';
import { friendlyErrorMessage } from '../../../lib/error-message';
import { useAudit } from '../api/team-api';

/** The owner's record of who did what in the account, newest first. */
export function AuditLog() {
  const audit = useAudit(true);
  if (audit.isPending) return <Skeleton h={80} aria-label="Loading the audit log" />;
  if (audit.isError)
    return (
      <Text size="sm" c="red" role="alert">
        {friendlyErrorMessage(audit.error, 'The audit log could not be loaded. Try again.')}
      </Text>
    );
  if (audit.data.entries.length === 0)
    return (
      <Text size="sm" c="dimmed">
        Nothing yet: invites, joins, role changes and members' edits show up here.
      </Text>
    );
  return (
    <Stack component="ol" gap={8} p={0} m={0} style={{ listStyle: 'none' }} aria-label="Audit log">
      {audit.data.entries.map((e) => (
        <li key={e.id}>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {describeAudit(e)}
          </Text>
          <Text size="xs" c="dimmed">
            <time dateTime={e.at}>
              {new Date(e.at).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })}
            </time>
          </Text>
        </li>
      ))}
    </Stack>
  );
}
