import { Anchor, Badge, Group, Table, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { Worker } from '../../../../../shared/records/worker';
import { WorkerStatusBadge } from './worker-status-badge';

/** The workers list: name (and manager), email, trade, crews and notification status. */
export function WorkersTable({
  workers,
  crewName,
}: {
  workers: Worker[];
  crewName: (id: string) => string | null;
}) {
  return (
    <Table striped highlightOnHover verticalSpacing="sm" aria-label="Workers">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Name</Table.Th>
          <Table.Th visibleFrom="sm">Email</Table.Th>
          <Table.Th visibleFrom="md">Trade</Table.Th>
          <Table.Th visibleFrom="md">Crews</Table.Th>
          <Table.Th>Status</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {workers.map((worker) => {
          const crews = worker.crewIds.map(crewName).filter((n): n is string => !!n);
          return (
            <Table.Tr key={worker.id}>
              <Table.Td style={{ overflowWrap: 'break-word' }}>
                <Group gap={6} wrap="wrap">
                  <Anchor component={Link} to={`/workers/${worker.id}`} fw={600}>
                    {worker.name}
                  </Anchor>
                  {worker.isManager ? (
                    <Badge size="xs" variant="outline">
                      Manager
                    </Badge>
                  ) : null}
                </Group>
                <Text size="xs" c="dimmed" hiddenFrom="sm" style={{ overflowWrap: 'break-word' }}>
                  {worker.email}
                </Text>
              </Table.Td>
              <Table.Td visibleFrom="sm" style={{ overflowWrap: 'break-word' }}>
                {worker.email}
              </Table.Td>
              <Table.Td visibleFrom="md">
                {worker.trade ?? (
                  <Text span c="dimmed">
                    —
                  </Text>
                )}
              </Table.Td>
              <Table.Td visibleFrom="md">
                {crews.length > 0 ? (
                  crews.join(', ')
                ) : (
                  <Text span c="dimmed">
                    —
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <WorkerStatusBadge status={worker.status} />
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
