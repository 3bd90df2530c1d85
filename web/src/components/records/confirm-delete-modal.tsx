import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { DeleteFlow } from './use-delete-flow';

/**
 * "Delete X?" with the consequence spelled out. A refusal from the server (409: the record is still in
 * use) is shown inside the dialog, word for word, and nothing is deleted.
 */
export function ConfirmDeleteModal({
  opened,
  title,
  children,
  error,
  busy,
  onConfirm,
  onClose,
  extra,
}: {
  opened: boolean;
  title: string;
  children: ReactNode;
  error: string | null;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
  extra?: ReactNode;
}) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="md">
        <Text size="sm">{children}</Text>
        {error ? (
          <Alert color="red" role="alert" title="Not deleted">
            <Stack gap="xs">
              <Text size="sm">{error}</Text>
              {extra}
            </Stack>
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="red" onClick={onConfirm} loading={busy}>
            Delete
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The confirm dialog driven by a delete flow (use-delete-flow.ts). */
export function DeleteFlowModal({
  flow,
  title,
  children,
}: {
  flow: DeleteFlow;
  title: string;
  children: ReactNode;
}) {
  return (
    <ConfirmDeleteModal
      opened={flow.opened}
      title={title}
      error={flow.error}
      busy={flow.busy}
      onConfirm={() => void flow.confirm()}
      onClose={flow.close}
    >
      {children}
    </ConfirmDeleteModal>
  );
}
