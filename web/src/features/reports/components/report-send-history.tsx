import { Badge, Button, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { ReportSendRecord } from '../../../../../shared/report-schedules';
import { DataTable } from '../../../components/data-table';
import { downloadBlob } from '../../../lib/download';
import { friendlyErrorMessage } from '../../../lib/error-message';
import { fetchSentDocument } from '../api/report-schedules-api';

const STATUS: Record<ReportSendRecord['status'], { label: string; color: string }> = {
  sent: { label: 'Sent', color: 'teal' },
  sending: { label: 'Sending', color: 'blue' },
  failed: { label: 'Failed, retried next hour', color: 'red' },
};

const size = (bytes: number | null) =>
  bytes === null
    ? ''
    : bytes < 1024 * 1024
      ? `${Math.ceil(bytes / 1024)} KB`
      : `${(bytes / 1048576).toFixed(1)} MB`;

const when = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

/**
 * The report's scheduled emails, newest first: the period each covered, when and to whom it went,
 * attached or linked, its size and status, and a Download of the kept document while its 90 days last.
 */
export function ReportSendHistory({
  reportId,
  title,
  sends,
  now,
}: {
  reportId: string;
  title: string;
  sends: ReportSendRecord[];
  now: Date;
}) {
  if (sends.length === 0)
    return <Text c="dimmed">No emails yet: the first goes out once the current period ends.</Text>;
  const download = async (send: ReportSendRecord) => {
    try {
      downloadBlob(`${title} ${send.period.label}.pdf`, await fetchSentDocument(reportId, send.period.key));
    } catch (error) {
      notifications.show({
        color: 'red',
        message: friendlyErrorMessage(error, 'The document could not be downloaded.'),
      });
    }
  };
  return (
    <DataTable
      withTableBorder
      fz="sm"
      minWidth={560}
      aria-label="Send history"
      headers={['Period', 'Sent', 'Recipients', 'Document']}
    >
      {sends.map((send) => {
        const status = STATUS[send.status];
        const kept = send.documentExpiresAt !== null && Date.parse(send.documentExpiresAt) > now.getTime();
        return (
          <Table.Tr key={send.period.key}>
            <Table.Td>
              <Text size="sm" fw={500}>
                {send.period.label}
              </Text>
              <Text size="xs" c="dimmed">
                {send.period.from} – {send.period.to}
              </Text>
            </Table.Td>
            <Table.Td>
              <Stack gap={4} align="flex-start">
                <Badge color={status.color} variant="light">
                  {status.label}
                </Badge>
                <Text size="xs">{when(send.sentAt ?? send.claimedAt)}</Text>
                {send.error ? (
                  <Text size="xs" c="red">
                    {send.error}
                  </Text>
                ) : null}
              </Stack>
            </Table.Td>
            <Table.Td>{send.recipients.join(', ')}</Table.Td>
            <Table.Td>
              {send.status !== 'sent' ? null : kept ? (
                <Stack gap={4} align="flex-start">
                  <Button
                    size="xs"
                    onClick={() => void download(send)}
                    aria-label={`Download the ${send.period.label} PDF`}
                  >
                    Download
                  </Button>
                  <Text size="xs" c="dimmed">
                    {send.delivery === 'linked' ? 'Linked' : 'Attached'}, {size(send.bytes)}
                  </Text>
                </Stack>
              ) : (
                <Text size="xs" c="dimmed">
                  Deleted after 90 days
                </Text>
              )}
            </Table.Td>
          </Table.Tr>
        );
      })}
    </DataTable>
  );
}
