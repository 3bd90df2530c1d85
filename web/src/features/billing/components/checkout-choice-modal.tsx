import { Button, Divider, Modal, Stack, Text } from '@mantine/core';
import { MESSAGES } from '../../../../../shared/messages';
import { formatUsd, PLANS, priceCents } from '../../../../../shared/plans';
import type { CheckoutChoice } from '../use-checkout';
import { FormErrorAlert } from '../../../components/form-fields';

interface Props {
  /** The plan the visitor clicked; the modal is open while it is set. */
  choice: CheckoutChoice | null;
  onClose: () => void;
  onLogin: () => void;
  onRegister: () => void;
  onGuestCheckout: (choice: CheckoutChoice) => void;
  /** True while the guest checkout request runs (and the browser leaves). */
  processing: boolean;
  error: string | null;
}

/**
 * A signed-out visitor picked a plan (spec §4): log in or create an account (the plan starts right
 * after), or pay first as a guest and create the account afterwards with the same email.
 */
export function CheckoutChoiceModal({
  choice,
  onClose,
  onLogin,
  onRegister,
  onGuestCheckout,
  processing,
  error,
}: Props) {
  const plan = choice ? PLANS[choice.plan] : null;
  const price = choice ? formatUsd(priceCents(choice.plan, choice.billingCycle)) : '';
  return (
    <Modal
      opened={choice !== null}
      onClose={processing ? () => undefined : onClose}
      title={plan ? `${plan.name}, billed ${choice?.billingCycle}` : ''}
      centered
    >
      {choice && plan ? (
        <Stack gap="md">
          <Text size="sm">
            {price} {choice.billingCycle === 'annual' ? 'per year' : 'per month'}. Log in or create an account
            and checkout starts right after.
          </Text>
          <FormErrorAlert message={error} />
          <Button onClick={onLogin} disabled={processing} data-autofocus>
            Log in
          </Button>
          <Button variant="default" onClick={onRegister} disabled={processing}>
            Create an account
          </Button>
          <Divider label="or" labelPosition="center" />
          <Button
            variant="light"
            onClick={() => onGuestCheckout(choice)}
            disabled={processing}
            aria-busy={processing}
          >
            {processing ? MESSAGES.processing : 'Continue to checkout as a guest'}
          </Button>
          <Text size="xs" c="dimmed">
            Pay first, then create your account with the email you paid with: the subscription is added to it
            automatically.
          </Text>
        </Stack>
      ) : null}
    </Modal>
  );
}
