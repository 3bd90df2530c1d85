import { Anchor, Button, Group, Table, Text, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { Crew } from '../../../../../shared/records/crew';

const members = (n: number) => (n === 1 ? '1 worker' : `${n} workers`);

/** The crews list: name (links to the crew), member count, notes, and rename/delete per row. */
export function CrewsTable({
  crews,
  onRename,
  onDelete,
}: {
  crews: Crew[];
  onRename: (crew: Crew) => void;
  onDelete: (crew: Crew) => void;
}) {
  return (
    <Table striped highlightOnHover verticalSpacing="sm" aria-label="Crews">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Crew</Table.Th>
          <Table.Th visibleFrom="xs">Members</Table.Th>
          <Table.Th visibleFrom="sm">Notes</Table.Th>
          <Table.Th>
            <VisuallyHidden>Actions</VisuallyHidden>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {crews.map((crew) => (
          <Table.Tr key={crew.id}>
            <Table.Td style={{ overflowWrap: 'break-word' }}>
              <Anchor component={Link} to={`/crews/${crew.id}`} fw={600}>
                {crew.name}
              </Anchor>
              <Text size="xs" c="dimmed" hiddenFrom="xs">
                {members(crew.workerIds.length)}
              </Text>
            </Table.Td>
            <Table.Td visibleFrom="xs" style={{ whiteSpace: 'nowrap' }}>
              {members(crew.workerIds.length)}
            </Table.Td>
            <Table.Td visibleFrom="sm">
              <Text size="sm" lineClamp={2} c={crew.notes ? undefined : 'dimmed'}>
                {crew.notes ?? '—'}
              </Text>
            </Table.Td>
            <Table.Td>
              <Group gap={4} justify="flex-end" wrap="nowrap">
                <Button
                  size="compact-sm"
                  variant="subtle"
                  onClick={() => onRename(crew)}
                  aria-label={`Rename ${crew.name}`}
                >
                  Rename
                </Button>
                <Button
                  size="compact-sm"
                  variant="subtle"
                  color="red"
                  onClick={() => onDelete(crew)}
                  aria-label={`Delete ${crew.name}`}
                >
                  Delete
                </Button>
              </Group>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
