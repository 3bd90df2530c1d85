import { Badge, Button, Card, Code, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { ApiKeySummary } from '../../../../../shared/api-keys';
import { friendlyErrorMessage } from '../../../lib/error-message';
import { showToast } from '../../../lib/toast';
import { useApiKeys, useRevokeApiKey } from '../api/api-keys-api';
import { readOrPlaceholder } from '../../../components/records/query-state';

const when = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' }) : 'Never';

function KeyCard({ apiKey, onRevoke }: { apiKey: ApiKeySummary; onRevoke: () => void }) {
  return (
    <Card withBorder padding="md" component="li" aria-label={apiKey.name}>
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text fw={600} truncate>
            {apiKey.name}
          </Text>
          <Badge variant="light" color={apiKey.scopes.includes('write') ? 'orange' : 'blue'}>
            {apiKey.scopes.includes('write') ? 'Read and write' : 'Read only'}
          </Badge>
        </Group>
        <Code>{apiKey.prefix}…</Code>
        <Text size="sm" c="dimmed">
          Created {when(apiKey.createdAt)} by {apiKey.createdBy}
        </Text>
        <Text size="sm">
          Last used: {when(apiKey.lastUsedAt)} · {apiKey.callsToday.toLocaleString('en-US')}{' '}
          {apiKey.callsToday === 1 ? 'call' : 'calls'} today
        </Text>
        <Group justify="flex-end">
          <Button
            size="xs"
            color="red"
            variant="light"
            onClick={onRevoke}
            aria-label={`Revoke ${apiKey.name}`}
          >
            Revoke
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** The account's keys, each revocable at once after a confirmation. */
export function ApiKeysList() {
  const keys = useApiKeys(true);
  const revoke = useRevokeApiKey();
  const [revoking, setRevoking] = useState<ApiKeySummary | null>(null);

  const read = readOrPlaceholder(keys, {
    label: 'Loading your API keys',
    height: 120,
    failed: 'Your API keys could not be loaded.',
  });
  if (read.placeholder) return read.placeholder;
  const confirm = async () => {
    if (!revoking) return;
    try {
      await revoke.mutateAsync(revoking.id);
      showToast('success', `${revoking.name} is revoked: calls with it now fail.`);
    } catch (err) {
      showToast('error', friendlyErrorMessage(err, 'The key could not be revoked.'));
    }
    setRevoking(null);
  };
  return (
    <>
      {read.data.items.length === 0 ? (
        <Text size="sm" c="dimmed">
          No keys yet. Create one to connect Procore, a scheduling tool or your own scripts.
        </Text>
      ) : (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="API keys">
          {read.data.items.map((k) => (
            <KeyCard key={k.id} apiKey={k} onRevoke={() => setRevoking(k)} />
          ))}
        </Stack>
      )}
      <Modal opened={revoking !== null} onClose={() => setRevoking(null)} title="Revoke this key?" centered>
        <Stack gap="md">
          <Text size="sm">
            Anything using <strong>{revoking?.name}</strong> stops working at once. This cannot be undone.
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setRevoking(null)}>
              Cancel
            </Button>
            <Button color="red" loading={revoke.isPending} onClick={() => void confirm()}>
              Revoke key
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
