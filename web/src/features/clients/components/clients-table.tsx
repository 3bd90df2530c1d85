import { Anchor, Badge, Table, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { Client } from '../../../../../shared/records/client';

/** The clients list: company (links to its page), contact, email and phone; phones see company and email. */
export function ClientsTable({ clients }: { clients: Client[] }) {
  return (
    <Table striped highlightOnHover verticalSpacing="sm" aria-label="Clients">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Company</Table.Th>
          <Table.Th visibleFrom="sm">Contact</Table.Th>
          <Table.Th>Email</Table.Th>
          <Table.Th visibleFrom="md">Phone</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {clients.map((client) => (
          <Table.Tr key={client.id}>
            <Table.Td style={{ overflowWrap: 'break-word' }}>
              <Anchor component={Link} to={`/clients/${client.id}`} fw={600}>
                {client.name}
              </Anchor>
              {client.notifyNoWork ? (
                <Badge ml="xs" size="xs" variant="light" color="gray">
                  Notified
                </Badge>
              ) : null}
            </Table.Td>
            <Table.Td visibleFrom="sm">
              {client.contactName ?? (
                <Text span c="dimmed">
                  —
                </Text>
              )}
            </Table.Td>
            <Table.Td style={{ overflowWrap: 'break-word' }}>
              {client.email ?? (
                <Text span c="dimmed">
                  —
                </Text>
              )}
            </Table.Td>
            <Table.Td visibleFrom="md" style={{ whiteSpace: 'nowrap' }}>
              {client.phone ?? (
                <Text span c="dimmed">
                  —
                </Text>
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
