import { Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { QueryError } from '../../../components/records/query-state';
import { useDownloadLedgerCsv, useJobsiteLedger } from '../api/get-ledger';

/** The weather-day ledger of the last 90 days: delay days per month against the contract's allowance. */
export function WeatherLedger({ jobsiteId }: { jobsiteId: string }) {
  const ledger = useJobsiteLedger(jobsiteId);
  const download = useDownloadLedgerCsv(jobsiteId);
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3}>Weather-day ledger</Title>
          <Button variant="light" loading={download.isPending} onClick={() => download.mutate()}>
            Download CSV
          </Button>
        </Group>
        {download.isError && (
          <Text c="red" size="sm">
            Could not download the ledger: {download.error.message}
          </Text>
        )}
        {ledger.isPending && <Text c="dimmed">Loading the ledger…</Text>}
        {ledger.isError && (
          <QueryError
            title="Could not load the ledger"
            error={ledger.error}
            onRetry={() => void ledger.refetch()}
          />
        )}
        {ledger.data && (
          <>
            <Text size="sm" c="dimmed">
              {ledger.data.from} to {ledger.data.to}: {ledger.data.days.length} working days decided,{' '}
              {ledger.data.totals.delayDays} delay days, {ledger.data.totals.beyondAllowance} beyond the
              allowance.
            </Text>
            <Table striped withTableBorder>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Month</Table.Th>
                  <Table.Th>Delay days</Table.Th>
                  <Table.Th>Hours lost</Table.Th>
                  <Table.Th>Anticipated</Table.Th>
                  <Table.Th>Beyond allowance</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {ledger.data.months.map((m) => (
                  <Table.Tr key={m.month}>
                    <Table.Td>{m.month}</Table.Td>
                    <Table.Td>{m.delayDays}</Table.Td>
                    <Table.Td>{m.hoursLost}</Table.Td>
                    <Table.Td>{m.anticipated}</Table.Td>
                    <Table.Td>{m.beyondAllowance}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </>
        )}
      </Stack>
    </Paper>
  );
}
