import { Stack, Table, Text } from '@mantine/core';
import type { ReportData } from '../../../../../shared/report-data';
import { DataTable } from '../../../components/data-table';

/** The report's figures as they will print: per jobsite, then the totals (the live preview). */
export function ReportPreview({ data }: { data: ReportData }) {
  const t = data.totals;
  return (
    <Stack gap="sm">
      <Text fw={700} size="lg">
        {data.title}
      </Text>
      {data.jobsites.length === 0 ? (
        <Text c="dimmed">No jobsite matches: choose others.</Text>
      ) : (
        <DataTable
          framed
          fz="sm"
          aria-label="Report preview"
          headers={['Jobsite', 'Range', 'Delay days', 'Beyond allowance', 'Hours lost']}
        >
          {data.jobsites.map((j) => (
            <Table.Tr key={j.ledger.jobsite.id}>
              <Table.Td>
                {j.ledger.jobsite.name}
                {j.client ? (
                  <Text size="xs" c="dimmed">
                    {j.client.name}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {j.ledger.from} – {j.ledger.to}
              </Table.Td>
              <Table.Td>{j.ledger.totals.delayDays}</Table.Td>
              <Table.Td>{j.ledger.totals.beyondAllowance}</Table.Td>
              <Table.Td>{j.ledger.totals.hoursLost}</Table.Td>
            </Table.Tr>
          ))}
          <Table.Tr fw={700}>
            <Table.Td>Total</Table.Td>
            <Table.Td />
            <Table.Td>{t.delayDays}</Table.Td>
            <Table.Td>{t.beyondAllowance}</Table.Td>
            <Table.Td>{t.hoursLost}</Table.Td>
          </Table.Tr>
        </DataTable>
      )}
      <Text size="sm">
        Observation confirmed {t.observedConfirmed} of the {t.observedJudged} delay days observed so far;{' '}
        {t.notified} notice emails were sent about these days.
      </Text>
      <Text size="xs" c="dimmed">
        {data.attribution.join(' ')}
      </Text>
    </Stack>
  );
}
