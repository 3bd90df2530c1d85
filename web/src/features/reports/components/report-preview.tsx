import { Box, Stack, Table, Text } from '@mantine/core';
import type { ReportData } from '../../../../../shared/report-data';
import { DataTable } from '../../../components/data-table';
import { PhoneList } from '../../../components/phone-list';
import { dateRange } from '../../../lib/day-format';

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
/** A row's figures in words, for the phone's list in place of the table's columns. */
const figures = (f: { delayDays: number; beyondAllowance: number; hoursLost: number }) =>
  `${count(f.delayDays, 'delay day', 'delay days')}, ${f.beyondAllowance} beyond allowance, ${f.hoursLost} h lost`;

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
        <>
          <Box visibleFrom="sm">
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
                    {dateRange(j.ledger.from, j.ledger.to)}
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
          </Box>
          <PhoneList label="Report preview" gap="sm">
            {data.jobsites.map((j) => (
              <Box component="li" key={j.ledger.jobsite.id}>
                <Text size="sm" fw={600}>
                  {j.ledger.jobsite.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {j.client ? `${j.client.name} · ` : ''}
                  {dateRange(j.ledger.from, j.ledger.to)}
                </Text>
                <Text size="sm">{figures(j.ledger.totals)}</Text>
              </Box>
            ))}
            <Box component="li">
              <Text size="sm" fw={700}>
                Total: {figures(t)}
              </Text>
            </Box>
          </PhoneList>
        </>
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
