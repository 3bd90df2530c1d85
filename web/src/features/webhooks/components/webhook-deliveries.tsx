import { Badge, Button, Code, Group, Paper, Stack, Text } from '@mantine/core';
import type { WebhookDeliveryStatus, WebhookDeliveryView } from '../../../../../shared/webhooks';
import { friendlyErrorMessage } from '../../../lib/error-message';
import { toast } from '../../../lib/toast';
import { useDeliveries, useDeliveryAction } from '../api/webhooks-api';
import { readOrPlaceholder } from '../../../components/records/query-state';

const STATUS: Record<WebhookDeliveryStatus, { color: string; label: string }> = {
  pending: { color: 'gray', label: 'Pending' },
  succeeded: { color: 'green', label: 'Delivered' },
  retrying: { color: 'yellow', label: 'Retrying' },
  failed: { color: 'red', label: 'Failed' },
};

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '—');

function DeliveryRow({ d, onResend, busy }: { d: WebhookDeliveryView; onResend: () => void; busy: boolean }) {
  const status = STATUS[d.status];
  return (
    <Paper withBorder p="sm" radius="sm" component="li" aria-label={`${d.type} delivery, ${status.label}`}>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
        <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
          <Group gap="xs" wrap="wrap">
            <Badge color={status.color} variant="light">
              {status.label}
            </Badge>
            <Text fw={600} size="sm">
              {d.type}
            </Text>
            <Text size="sm" c="dimmed">
              {d.statusCode === null ? 'no answer' : `HTTP ${d.statusCode}`}
              {d.durationMs === null ? '' : ` · ${d.durationMs} ms`}
              {` · ${d.attempts} ${d.attempts === 1 ? 'attempt' : 'attempts'}`}
            </Text>
          </Group>
          <Text size="xs" c="dimmed">
            {when(d.lastAttemptAt ?? d.createdAt)}
            {d.nextAttemptAt ? ` · next try ${when(d.nextAttemptAt)}` : ''}
          </Text>
          {d.responseExcerpt ? (
            <Code
              block
              style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', maxHeight: 96, overflow: 'auto' }}
            >
              {d.responseExcerpt}
            </Code>
          ) : null}
        </Stack>
        <Button size="xs" variant="default" onClick={onResend} loading={busy} aria-label={`Resend ${d.type}`}>
          Resend
        </Button>
      </Group>
    </Paper>
  );
}

/** An endpoint's last 50 deliveries: status code, duration, the answer's first characters, Resend. */
export function WebhookDeliveries({ endpointId }: { endpointId: string }) {
  const deliveries = useDeliveries(endpointId);
  const action = useDeliveryAction(endpointId);
  const resend = (id: string) =>
    action.mutate(id, {
      onSuccess: () => toast.success('Sent again'),
      onError: (err) => toast.error(friendlyErrorMessage(err, 'The delivery could not be sent again.')),
    });
  const read = readOrPlaceholder(deliveries, {
    label: 'Loading deliveries',
    height: 60,
    failed: 'The deliveries could not be loaded.',
    empty: {
      when: (data) => data.items.length === 0,
      say: 'No deliveries yet. Send a test event to see one.',
    },
  });
  if (read.placeholder) return read.placeholder;
  return (
    <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Deliveries">
      {read.data.items.map((d) => (
        <DeliveryRow
          key={d.id}
          d={d}
          onResend={() => resend(d.id)}
          busy={action.isPending && action.variables === d.id}
        />
      ))}
    </Stack>
  );
}
