import { Anchor, Badge, Table, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { Jobsite } from '../../../../../shared/records/jobsite';

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The jobsites list: name, client, where, its clock, whether it is checked, rules. */
export function JobsitesTable({
  jobsites,
  clientName,
}: {
  jobsites: Jobsite[];
  clientName: (id: string) => string | null;
}) {
  return (
    <Table striped highlightOnHover verticalSpacing="sm" aria-label="Jobsites">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Jobsite</Table.Th>
          <Table.Th visibleFrom="sm">Client</Table.Th>
          <Table.Th visibleFrom="md">Timezone</Table.Th>
          <Table.Th visibleFrom="md">Rules</Table.Th>
          <Table.Th>Status</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {jobsites.map((site) => {
          const client = site.clientId ? clientName(site.clientId) : null;
          return (
            <Table.Tr key={site.id}>
              <Table.Td style={{ overflowWrap: 'break-word' }}>
                <Anchor component={Link} to={`/jobsites/${site.id}`} fw={600}>
                  {site.name}
                </Anchor>
                <Text size="xs" c="dimmed" lineClamp={1}>
                  {site.address ?? `${site.latitude.toFixed(4)}, ${site.longitude.toFixed(4)}`}
                </Text>
              </Table.Td>
              <Table.Td visibleFrom="sm" style={{ overflowWrap: 'break-word' }}>
                {client ?? (
                  <Text span c="dimmed">
                    —
                  </Text>
                )}
              </Table.Td>
              <Table.Td visibleFrom="md">{site.timezone}</Table.Td>
              <Table.Td visibleFrom="md" style={{ whiteSpace: 'nowrap' }}>
                {count(site.rules.length, 'rule', 'rules')}
              </Table.Td>
              <Table.Td>
                <Badge variant="light" color={site.active ? 'green' : 'gray'}>
                  {site.active ? 'Active' : 'Paused'}
                </Badge>
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
