import { Alert, Badge, EmptyState, Group, Skeleton, Table, Text } from '@mantine/core';
import { channelLabel, useAlerts, type AlertSummary } from '../api/get-alerts';
import { DataTable } from '../../../components/data-table';

const KIND: Record<string, string> = {
  notice: 'Delay notice',
  update: 'Update',
  allClear: 'All-clear',
  escalation: 'Escalation (not confirmed)',
};

function deliveriesOf(alert: AlertSummary) {
  return alert.deliveries ?? alert.recipients ?? [];
}

function statusColor(status: string): string {
  if (/sent|delivered/i.test(status)) return 'green';
  if (/pending|held/i.test(status)) return 'yellow';
  if (/fail|bounce|complain|unsubscribed/i.test(status)) return 'red';
  return 'gray';
}

/** Recent notices with each recipient's delivery status (GET /api/alerts). */
export function SendHistory({ limit = 20 }: { limit?: number }) {
  const alerts = useAlerts(limit);
  if (alerts.isPending) return <Skeleton h={120} aria-label="Loading the send history" />;
  if (alerts.isError)
    return (
      <Alert color="red" role="alert">
        {alerts.error.message}
      </Alert>
    );
  if (!alerts.data || alerts.data.length === 0)
    return (
      <EmptyState
        title="Nothing sent yet"
        description="When a scheduled run sends a delay notice, an update or an all-clear, it is listed here with each recipient's channel and delivery status."
        py="lg"
      />
    );
  return (
    <DataTable minWidth={640} verticalSpacing="xs" headers={['Day', 'Jobsite', 'Message', 'Recipients']}>
      {alerts.data.map((a, i) => (
        <Table.Tr key={a.alertId ?? a.id ?? i}>
          <Table.Td>{a.day ?? a.date ?? a.createdAt?.slice(0, 10) ?? '—'}</Table.Td>
          <Table.Td>{a.jobsiteName ?? a.jobsiteId ?? '—'}</Table.Td>
          <Table.Td>
            {KIND[a.kind ?? ''] ?? a.kind ?? '—'}
            {a.verdict ? (
              <Text span c="dimmed" size="sm">
                {' '}
                ({a.verdict})
              </Text>
            ) : null}
            {a.causedBy ? (
              <Text c="dimmed" size="sm">
                After {a.causedBy} changed the rules
              </Text>
            ) : null}
          </Table.Td>
          <Table.Td>
            {deliveriesOf(a).map((d) => (
              <Group gap={6} wrap="wrap" key={`${d.channel}|${d.recipient}`}>
                <Text size="sm">{d.recipient}</Text>
                <Badge size="xs" color={d.channel === 'sms' ? 'violet' : 'blue'} variant="outline">
                  {channelLabel(d)}
                </Badge>
                <Badge size="xs" color={statusColor(d.status)} variant="light">
                  {d.status}
                </Badge>
              </Group>
            ))}
          </Table.Td>
        </Table.Tr>
      ))}
    </DataTable>
  );
}
