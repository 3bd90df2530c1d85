import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { ReportSendRecord } from '../../../../../shared/report-schedules';
import { downloadBlob } from '../../../lib/download';
import { friendlyErrorMessage } from '../../../lib/error-message';
import { fetchSentDocument } from '../api/report-schedules-api';
import { dateRange } from '../../../lib/day-format';

const STATUS: Record<ReportSendRecord['status'], { label: string; color: string }> = {
  sent: { label: 'Sent', color: 'teal' },
  rendering: { label: 'Preparing', color: 'blue' },
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
    <Stack gap="sm" component="ul" aria-label="Send history" p={0} m={0} style={{ listStyle: 'none' }}>
      {sends.map((send) => {
        const status = STATUS[send.status];
        const kept = send.documentExpiresAt !== null && Date.parse(send.documentExpiresAt) > now.getTime();
        return (
          <Paper
            key={send.period.key}
            component="li"
            withBorder
            p="sm"
            aria-label={`${send.period.label}: ${status.label}`}
          >
            <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
              <Stack gap={2} style={{ minWidth: 0, flex: '1 1 240px' }}>
                <Group gap="xs">
                  <Text fw={600}>{send.period.label}</Text>
                  <Badge color={status.color} variant="light">
                    {status.label}
                  </Badge>
                </Group>
                <Text size="xs" c="dimmed">
                  {dateRange(send.period.from, send.period.to)} · {send.sentAt ? 'sent' : 'tried'}{' '}
                  {when(send.sentAt ?? send.claimedAt)}
                  {send.status === 'sent'
                    ? ` · ${send.delivery === 'linked' ? 'linked' : 'attached'}, ${size(send.bytes)}`
                    : ''}
                </Text>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  To {send.recipients.join(', ')}
                </Text>
                {send.error ? (
                  <Text size="xs" c="red">
                    {send.error}
                  </Text>
                ) : null}
              </Stack>
              {send.status !== 'sent' ? null : kept ? (
                <Button
                  size="xs"
                  variant="default"
                  onClick={() => void download(send)}
                  aria-label={`Download the ${send.period.label} PDF`}
                >
                  Download
                </Button>
              ) : (
                <Text size="xs" c="dimmed">
                  Deleted after 90 days
                </Text>
              )}
            </Group>
          </Paper>
        );
      })}
    </Stack>
  );
}
