import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import type { CreatedApiKey } from '../../../../../shared/api-keys';

/** The one time a key's secret is shown: copy it now, it cannot be shown again. */
export function ApiKeySecretModal({
  created,
  onClose,
}: {
  created: (CreatedApiKey & { name: string }) | null;
  onClose: () => void;
}) {
  return (
    <Modal opened={created !== null} onClose={onClose} title="Your new API key" centered size="lg">
      {created ? (
        <Stack gap="md">
          <Text size="sm">
            Copy the key for <strong>{created.name}</strong> now and keep it somewhere safe. For your security
            it is shown only once: Raincheck keeps only a fingerprint of it.
          </Text>
          <Code block data-testid="api-key-secret" style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
            {created.secret}
          </Code>
          <Alert color="yellow" variant="light">
            Anyone with this key can use the API as your account. If it leaks, revoke it and create another.
          </Alert>
          <Group justify="flex-end" gap="sm">
            <CopyButton value={created.secret}>
              {({ copied, copy }) => (
                <Button
                  variant={copied ? 'light' : 'filled'}
                  color={copied ? 'teal' : undefined}
                  onClick={copy}
                >
                  {copied ? 'Copied' : 'Copy key'}
                </Button>
              )}
            </CopyButton>
            <Button variant="default" onClick={onClose}>
              Done
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
