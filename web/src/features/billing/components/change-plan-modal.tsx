import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { formatUsd, PLANS, priceCents } from '../../../../../shared/plans';
import type { Subscription } from '../../../../../shared/subscription';
import type { CheckoutChoice } from '../use-checkout';

interface Props {
  current: Subscription;
  /** The plan and cycle to switch to; the modal is open while it is set. */
  target: CheckoutChoice | null;
  onCancel: () => void;
  onConfirm: (target: CheckoutChoice) => void;
  submitting: boolean;
  error: string | null;
}

const cycleWord = (cycle: string) => (cycle === 'annual' ? 'annually' : 'monthly');

/** Confirms a plan or billing-cycle change; the payment provider prorates it. */
export function ChangePlanModal({ current, target, onCancel, onConfirm, submitting, error }: Props) {
  return (
    <Modal
      opened={target !== null}
      onClose={submitting ? () => undefined : onCancel}
      title="Change your plan"
      centered
    >
      {target ? (
        <Stack gap="md">
          <Text>
            Switch from <strong>{PLANS[current.plan].name}</strong>, billed {cycleWord(current.billing_cycle)}
            , to <strong>{PLANS[target.plan].name}</strong>, billed {cycleWord(target.billingCycle)} (
            {formatUsd(priceCents(target.plan, target.billingCycle))}{' '}
            {target.billingCycle === 'annual' ? 'per year' : 'per month'})?
          </Text>
          <Text size="sm" c="dimmed">
            The change applies now. The card on file is charged or credited the prorated difference.
          </Text>
          {error ? (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel} disabled={submitting}>
              Keep current plan
            </Button>
            <Button onClick={() => onConfirm(target)} loading={submitting}>
              Confirm change
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
