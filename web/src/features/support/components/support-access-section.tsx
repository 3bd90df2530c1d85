import { Button, Group, Stack, Table, Text } from '@mantine/core';
import { SUPPORT_GRANT_MAX_HOURS, type SupportLogEntry } from '../../../../../shared/support';
import { friendlyErrorMessage } from '../../../lib/error-message';
import { toast } from '../../../lib/toast';
import { useSetSupportAccess, useSupportAccess, useSupportAccessLog } from '../api/support-api';
import { formatWhen } from './support-thread-view';
import { readOrPlaceholder } from '../../../components/records/query-state';

const KIND_LABEL: Record<SupportLogEntry['kind'], string> = {
  granted: 'Access granted',
  revoked: 'Access revoked',
  'session-opened': 'Session opened',
  request: 'Viewed',
  'refused-write': 'Change refused',
};

/** Settings → Support access (issue 22 §7): grant or revoke read-only access, and the log of what support did. */
export function SupportAccessSection() {
  const access = useSupportAccess();
  const log = useSupportAccessLog();
  const set = useSetSupportAccess();
  const change = async (hours: number) => {
    try {
      await set.mutateAsync(hours);
      await log.refetch();
      toast.success(
        hours > 0 ? `Support can view your account for ${hours} hours` : 'Support access revoked',
      );
    } catch (err) {
      toast.error(friendlyErrorMessage(err, 'Support access could not be changed.'));
    }
  };
  const read = readOrPlaceholder(access, {
    label: 'Loading support access',
    height: 80,
    failed: 'Support access could not be loaded.',
  });
  if (read.placeholder) return read.placeholder;
  const until = read.data.grantedUntil;
  const entries = log.data?.entries ?? [];
  return (
    <Stack gap="md">
      <Text size="sm">
        {until
          ? `Raincheck support can open a read-only session on your account until ${formatWhen(until)}. They can see what you see and change nothing.`
          : 'Raincheck support cannot see your account. Grant access when support asks to look at something with you; it ends by itself.'}
      </Text>
      <Group gap="sm">
        <Button loading={set.isPending} onClick={() => void change(SUPPORT_GRANT_MAX_HOURS)}>
          {until
            ? `Extend to ${SUPPORT_GRANT_MAX_HOURS} hours from now`
            : `Grant access for ${SUPPORT_GRANT_MAX_HOURS} hours`}
        </Button>
        {until ? (
          <Button variant="default" color="red" loading={set.isPending} onClick={() => void change(0)}>
            Revoke access
          </Button>
        ) : null}
      </Group>
      <Text fw={600} size="sm">
        Support access log
      </Text>
      {entries.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nothing yet.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={420}>
          <Table striped aria-label="Support access log">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>When</Table.Th>
                <Table.Th>What</Table.Th>
                <Table.Th>Who</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {entries.slice(0, 50).map((e, i) => (
                <Table.Tr key={`${e.at}-${i}`}>
                  <Table.Td>{formatWhen(e.at)}</Table.Td>
                  <Table.Td>
                    {KIND_LABEL[e.kind]}
                    {e.path ? (
                      <Text span ff="monospace" size="xs">
                        {' '}
                        {e.method} {e.path}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>{e.actor}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
