import { Button, Group, Modal, Skeleton, Stack, Table, Text } from '@mantine/core';
import type { PlanChangePreview } from '../../../../../shared/billing';
import { formatUsd, PLANS, priceCents } from '../../../../../shared/plans';
import type { Subscription } from '../../../../../shared/subscription';
import { usePlanChangePreview } from '../api/preview-change';
import { formatDate } from '../billing-history';
import type { CheckoutChoice } from '../use-checkout';
import { FormErrorAlert } from '../../../components/form-fields';
import { QueryError } from '../../../components/records/query-state';

interface Props {
  current: Subscription;
  /** The plan and cycle to switch to; the modal is open while it is set. */
  target: CheckoutChoice | null;
  onCancel: () => void;
  /** `prorationDate`: the preview's time, so the invoice equals what was shown. */
  onConfirm: (target: CheckoutChoice, prorationDate: number) => void;
  submitting: boolean;
  error: string | null;
}

const cycleWord = (cycle: string) => (cycle === 'annual' ? 'annually' : 'monthly');

export const PREVIEW_FAILED = 'We could not work out the prorated amount just now.';

/**
 * Confirms a plan or billing-cycle change, showing first what it costs: the payment provider's
 * upcoming-invoice preview (credit for unused time, charge for the new plan) and the amount charged
 * now. Confirm stays disabled until that amount is known.
 */
export function ChangePlanModal({ current, target, onCancel, onConfirm, submitting, error }: Props) {
  const preview = usePlanChangePreview(
    target && current.id
      ? { subscriptionId: current.id, plan: target.plan, billingCycle: target.billingCycle }
      : null,
  );
  return (
    <Modal
      opened={target !== null}
      onClose={submitting ? () => undefined : onCancel}
      title="Change your plan"
      centered
      size="lg"
    >
      {target ? (
        <Stack gap="md">
          <Text>
            Switch from <strong>{PLANS[current.plan].name}</strong>, billed {cycleWord(current.billing_cycle)}
            , to <strong>{PLANS[target.plan].name}</strong>, billed {cycleWord(target.billingCycle)} (
            {formatUsd(priceCents(target.plan, target.billingCycle))}{' '}
            {target.billingCycle === 'annual' ? 'per year' : 'per month'})?
          </Text>
          {preview.isPending ? (
            <Stack gap={6} aria-busy="true" aria-label="Calculating the prorated amount">
              <Skeleton h={16} />
              <Skeleton h={16} />
              <Skeleton h={20} w="50%" />
            </Stack>
          ) : preview.isError ? (
            <QueryError
              inline
              error={preview.error}
              fallback={PREVIEW_FAILED}
              onRetry={() => void preview.refetch()}
            />
          ) : (
            <PreviewLines preview={preview.data} />
          )}
          <FormErrorAlert message={error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel} disabled={submitting}>
              Keep current plan
            </Button>
            <Button
              onClick={() => preview.data && onConfirm(target, preview.data.prorationDate)}
              loading={submitting}
              disabled={!preview.data}
            >
              {preview.data ? `Confirm and pay ${formatUsd(preview.data.amountDue)}` : 'Confirm change'}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}

function PreviewLines({ preview }: { preview: PlanChangePreview }) {
  const credit = preview.total < 0 ? -preview.total : 0;
  return (
    <Stack gap="xs" data-testid="plan-change-preview">
      <Table verticalSpacing={6} withRowBorders aria-label="What this change costs">
        <Table.Tbody>
          {preview.lines.map((line, index) => (
            <Table.Tr key={index}>
              <Table.Td>
                <Text size="sm">{line.description}</Text>
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                <Text
                  size="sm"
                  c={line.amount < 0 ? 'var(--mantine-color-green-light-color)' : undefined}
                  fw={500}
                >
                  {line.amount < 0 ? `Credit ${formatUsd(-line.amount)}` : formatUsd(line.amount)}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
          <Table.Tr>
            <Table.Td>
              <Text fw={700}>Charged now</Text>
            </Table.Td>
            <Table.Td ta="right" style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
              <Text fw={700} data-testid="prorated-amount">
                {formatUsd(preview.amountDue)}
              </Text>
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
      {credit > 0 ? (
        <Text size="sm" c="dimmed">
          The remaining {formatUsd(credit)} stays as credit on your account and is taken off your next
          invoices.
        </Text>
      ) : null}
      <Text size="sm" c="dimmed">
        The change applies now and the card on file is charged the amount above.
        {preview.nextBillingDate ? ` Your plan then renews on ${formatDate(preview.nextBillingDate)}.` : ''}
      </Text>
    </Stack>
  );
}
