import { Alert, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { MESSAGES } from '../../../../../shared/messages';
import { isBillingCycle, isPaidPlan, PLANS } from '../../../../../shared/plans';
import { effectivePlan, grantsPlan } from '../../../../../shared/subscription';
import { useMe } from '../../../features/account/api/get-me';
import { PlanChooser } from '../../../features/plans/components/plan-chooser';
import { priceDisplay } from '../../../features/plans/plan-pricing';
import { subscriptionPath } from '../../../lib/pending-plan';
import type { SubscriptionRedirectState } from './require-premium';

function formatDate(iso: string | null): string | null {
  return iso ? new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' }) : null;
}

/**
 * The subscription screen: the current plan and the plan chooser. A plan picked before login arrives
 * as ?plan=…&cycle=…; starting checkout for it comes with the payments issue.
 */
export function SubscriptionPage() {
  const me = useMe();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const premiumRequired = (location.state as SubscriptionRedirectState | null)?.reason === 'premiumRequired';
  const requestedPlan = params.get('plan');
  const requestedCycle = params.get('cycle');
  const selection =
    isPaidPlan(requestedPlan) && isBillingCycle(requestedCycle)
      ? { plan: requestedPlan, cycle: requestedCycle }
      : null;

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        Subscription
      </Title>
      {premiumRequired ? (
        <Alert color="blue" title="Jobsite pages need the Premium or Enterprise plan">
          On Basic or without a plan, manage your one jobsite from the dashboard.
        </Alert>
      ) : null}
      {selection ? (
        <Alert color="blue" title={`You chose ${PLANS[selection.plan].name}, billed ${selection.cycle}`}>
          {priceDisplay(selection.plan, selection.cycle).perMonth}/mo,{' '}
          {priceDisplay(selection.plan, selection.cycle).billing.toLowerCase()}. Online checkout is not
          connected yet, so this plan cannot be purchased from here today.
        </Alert>
      ) : null}
      {me.isPending ? (
        <Skeleton h={120} aria-label="Loading your subscription" />
      ) : me.isError ? (
        <Alert color="red" role="alert">
          {MESSAGES.subscriptionLoadFailed}
        </Alert>
      ) : (
        <Card withBorder padding="lg" component="section" aria-labelledby="current-plan-title">
          <Title order={2} size="h4" id="current-plan-title" mb="sm">
            Current plan
          </Title>
          <Group gap="xl">
            <Text>
              <strong>{PLANS[effectivePlan(me.data.subscription)].name}</strong>
              {grantsPlan(me.data.subscription.status)
                ? `, billed ${me.data.subscription.billing_cycle}`
                : ''}
            </Text>
            {formatDate(me.data.subscription.currentPeriodEnd) ? (
              <Text c="dimmed">Current period ends {formatDate(me.data.subscription.currentPeriodEnd)}</Text>
            ) : null}
          </Group>
          <Text size="sm" c="dimmed" mt="sm">
            Billing history is not available yet.
          </Text>
        </Card>
      )}
      <section aria-labelledby="plans-title">
        <Title order={2} size="h4" id="plans-title" mb="md">
          Plans
        </Title>
        <PlanChooser
          key={selection?.cycle ?? 'monthly'}
          initialCycle={selection?.cycle ?? 'monthly'}
          currentPlan={
            me.data && grantsPlan(me.data.subscription.status) && isPaidPlan(me.data.subscription.plan)
              ? me.data.subscription.plan
              : null
          }
          onChoose={(choice) => navigate(subscriptionPath(choice), { replace: true })}
        />
      </section>
    </Stack>
  );
}
