import { Alert, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { WebhookEndpointView } from '../../../../../shared/webhooks';
import { friendlyErrorMessage } from '../../../lib/error-message';
import { toast } from '../../../lib/toast';
import { useDeleteWebhook, useDeliveryAction } from '../api/webhooks-api';
import { WebhookDeliveries } from './webhook-deliveries';

/** One endpoint: its URL, status and events, "Send test event", Delete, and its deliveries. */
export function WebhookCard({ endpoint }: { endpoint: WebhookEndpointView }) {
  const test = useDeliveryAction(endpoint.id);
  const remove = useDeleteWebhook();
  const [confirming, setConfirming] = useState(false);
  const headingId = `webhook-${endpoint.id}`;
  const sendTest = () =>
    test.mutate(null, {
      onSuccess: () => toast.success('Test event queued'),
      onError: (err) => toast.error(friendlyErrorMessage(err, 'The test event could not be sent.')),
    });
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <Title order={3} size="h5" id={headingId} style={{ wordBreak: 'break-all', minWidth: 0, flex: 1 }}>
            {endpoint.url}
          </Title>
          <Badge color={endpoint.status === 'enabled' ? 'green' : 'red'} variant="light">
            {endpoint.status === 'enabled' ? 'Enabled' : 'Disabled'}
          </Badge>
        </Group>
        <Group gap={6} wrap="wrap" aria-label="Events">
          {endpoint.events.map((e) => (
            <Badge key={e} variant="outline" color="gray" tt="none">
              {e}
            </Badge>
          ))}
        </Group>
        {endpoint.status === 'disabled' ? (
          <Alert color="red">
            Disabled on {new Date(endpoint.disabledAt ?? '').toLocaleString()} after failing for 24 hours.
            Delete it and add it again once the receiver answers.
          </Alert>
        ) : endpoint.failingSince ? (
          <Alert color="yellow">
            Failing since {new Date(endpoint.failingSince).toLocaleString()}; it is disabled after 24 hours.
          </Alert>
        ) : null}
        <Group gap="xs" wrap="wrap">
          <Button
            size="sm"
            onClick={sendTest}
            loading={test.isPending}
            disabled={endpoint.status === 'disabled'}
          >
            Send test event
          </Button>
          {confirming ? (
            <>
              <Button
                size="sm"
                color="red"
                loading={remove.isPending}
                onClick={() =>
                  remove.mutate(endpoint.id, {
                    onError: (err) =>
                      toast.error(friendlyErrorMessage(err, 'The webhook could not be deleted.')),
                  })
                }
              >
                Delete this webhook
              </Button>
              <Button size="sm" variant="default" onClick={() => setConfirming(false)}>
                Keep it
              </Button>
            </>
          ) : (
            <Button size="sm" variant="default" color="red" onClick={() => setConfirming(true)}>
              Delete
            </Button>
          )}
        </Group>
        <Title order={4} size="h6" mt="xs">
          Last 50 deliveries
        </Title>
        <WebhookDeliveries endpointId={endpoint.id} />
      </Stack>
    </Card>
  );
}

/** The signing secret, right after creating: shown this once, with a copy button. */
export function SecretOnce({ secret, onDone }: { secret: string; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  return (
    <Alert color="blue" title="Your signing secret" role="status">
      <Stack gap="xs">
        <Text size="sm">
          Copy it now: it is shown only once. Verify each delivery with it using a Standard Webhooks library.
        </Text>
        <Text ff="monospace" size="sm" style={{ wordBreak: 'break-all' }} data-testid="webhook-secret">
          {secret}
        </Text>
        <Group gap="xs">
          <Button
            size="xs"
            onClick={() =>
              void navigator.clipboard?.writeText(secret).then(
                () => setCopied(true),
                () => setCopied(false),
              )
            }
          >
            {copied ? 'Copied' : 'Copy secret'}
          </Button>
          <Button size="xs" variant="default" onClick={onDone}>
            I have saved it
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
