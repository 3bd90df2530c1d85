import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { PLANS } from '../../../../../shared/plans';
import type { Subscription } from '../../../../../shared/subscription';
import { formatDate } from '../billing-history';
import { FormErrorAlert } from '../../../components/form-fields';

interface Props {
  subscription: Subscription;
  opened: boolean;
  onClose: () => void;
  onConfirm: () => void;
  submitting: boolean;
  error: string | null;
}

/**
 * "Cancel subscription" asks here first, in the app: the plan stays until the end of the paid
 * period, nothing more is charged, and it can be resumed until then.
 */
export function CancelSubscriptionModal({
  subscription,
  opened,
  onClose,
  onConfirm,
  submitting,
  error,
}: Props) {
  const until = formatDate(subscription.next_billing_date ?? subscription.currentPeriodEnd);
  return (
    <Modal
      opened={opened}
      onClose={submitting ? () => undefined : onClose}
      title="Cancel your subscription?"
      centered
    >
      <Stack gap="md">
        <Text>
          Your <strong>{PLANS[subscription.plan].name}</strong> plan stays active
          {until ? (
            <>
              {' '}
              until <strong>{until}</strong>
            </>
          ) : (
            ' until the end of the paid period'
          )}
          . You will not be charged again.
        </Text>
        <Text size="sm" c="dimmed">
          After that, automated notices to your crews stop. You can resume the subscription any time before
          then.
        </Text>
        <FormErrorAlert message={error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={submitting} data-autofocus>
            Keep subscription
          </Button>
          <Button color="red" onClick={onConfirm} loading={submitting}>
            Cancel at end of period
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
