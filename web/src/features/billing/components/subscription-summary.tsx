import type { ReactNode } from 'react';
import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { cancelsOn } from '../../../../../shared/billing';
import { PLANS } from '../../../../../shared/plans';
import {
  effectivePlan,
  grantsPlan,
  type PaymentMethod,
  type Subscription,
  type SubscriptionStatus,
} from '../../../../../shared/subscription';
import { formatDate, statusLabel } from '../billing-history';

const STATUS_COLOR: Record<SubscriptionStatus, string> = {
  active: 'green',
  trialing: 'blue',
  past_due: 'orange',
  canceled: 'gray',
  unpaid: 'red',
  incomplete: 'gray',
  incomplete_expired: 'gray',
};

const BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
};

/** "Visa •••• 4242". */
export function cardLabel(pm: PaymentMethod): string {
  const brand = BRANDS[pm.brand.toLowerCase()] ?? pm.brand.charAt(0).toUpperCase() + pm.brand.slice(1);
  return `${brand} •••• ${pm.last4}`;
}

/** "12/34". */
export function cardExpiry(pm: PaymentMethod): string {
  return `${String(pm.expMonth).padStart(2, '0')}/${String(pm.expYear % 100).padStart(2, '0')}`;
}

interface Props {
  subscription: Subscription;
  /** Opens the provider's billing portal (card, cancellation); absent when there is no billing account. */
  onManage?: (() => void) | null;
  managing?: boolean;
  /** Opens the in-app cancel confirmation; absent when there is nothing to cancel. */
  onCancel?: (() => void) | null;
  /** Resumes a subscription set to cancel. */
  onResume?: (() => void) | null;
  resuming?: boolean;
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} mb={2}>
        {label}
      </Text>
      <Text component="div">{children}</Text>
    </div>
  );
}

/** The current plan, status, cycle, next billing date and card (spec §3). */
export function SubscriptionSummary({
  subscription: sub,
  onManage,
  managing = false,
  onCancel,
  onResume,
  resuming = false,
}: Props) {
  const plan = PLANS[effectivePlan(sub)];
  const hasRecord = sub.id !== null;
  const active = grantsPlan(sub.status);
  const cancelling = cancelsOn(sub);
  const renewal = sub.next_billing_date
    ? { label: 'Next billing date', date: formatDate(sub.next_billing_date) }
    : cancelling
      ? { label: 'Cancels on', date: formatDate(cancelling) }
      : sub.end_date
        ? { label: active ? 'Ends on' : 'Ended on', date: formatDate(sub.end_date) }
        : null;

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="current-plan-title">
      <Group justify="space-between" align="flex-start" mb="md" gap="sm">
        <div>
          <Title order={2} size="h4" id="current-plan-title">
            Current plan
          </Title>
          <Group gap="sm" mt={6} align="center">
            <Text fz={28} fw={800} lh={1.1} data-testid="current-plan-name">
              {plan.name}
            </Text>
            {hasRecord ? (
              <Badge color={STATUS_COLOR[sub.status]} variant="light" data-testid="subscription-status">
                {statusLabel(sub.status)}
              </Badge>
            ) : null}
            {cancelling ? (
              <Badge color="yellow" variant="light" data-testid="cancels-on">
                Cancels on {formatDate(cancelling)}
              </Badge>
            ) : null}
          </Group>
        </div>
        {hasRecord ? (
          <Group gap="xs">
            {onManage ? (
              <Button variant="default" onClick={onManage} loading={managing}>
                Manage payment method
              </Button>
            ) : null}
            {cancelling && onResume ? (
              <Button onClick={onResume} loading={resuming}>
                Resume subscription
              </Button>
            ) : active && sub.next_billing_date && onCancel ? (
              <Button variant="light" color="red" onClick={onCancel}>
                Cancel subscription
              </Button>
            ) : null}
          </Group>
        ) : null}
      </Group>

      {hasRecord ? (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="lg">
          <Field label="Billing cycle">
            <span data-testid="billing-cycle">{sub.billing_cycle === 'annual' ? 'Annual' : 'Monthly'}</span>
          </Field>
          <Field label={renewal?.label ?? 'Next billing date'}>
            <span data-testid="renewal-date">{renewal?.date ?? '—'}</span>
          </Field>
          <Field label="Payment method">
            {sub.payment_method ? (
              <span data-testid="payment-method">{cardLabel(sub.payment_method)}</span>
            ) : (
              '—'
            )}
          </Field>
          <Field label="Card expires">{sub.payment_method ? cardExpiry(sub.payment_method) : '—'}</Field>
        </SimpleGrid>
      ) : (
        <Stack gap={4}>
          <Text>You have no subscription yet. Choose a plan below to start.</Text>
          <Text size="sm" c="dimmed">
            Without a plan you can set up one jobsite and see its verdicts in the app; automated notifications
            need a paid plan.
          </Text>
        </Stack>
      )}
    </Card>
  );
}
