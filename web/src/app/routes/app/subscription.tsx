import { Alert, Button, Card, Group, Loader, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { cancelsOn } from '../../../../../shared/billing';
import { MESSAGES } from '../../../../../shared/messages';
import { isBillingCycle, isPaidPlan, PLANS } from '../../../../../shared/plans';
import { effectivePlan, grantsPlan } from '../../../../../shared/subscription';
import { useSetCancellation } from '../../../features/billing/api/cancel-subscription';
import { useChangeSubscription } from '../../../features/billing/api/change-subscription';
import { createPortalSession } from '../../../features/billing/api/create-portal-session';
import { useSubscription } from '../../../features/billing/api/get-subscription';
import { CancelSubscriptionModal } from '../../../features/billing/components/cancel-subscription-modal';
import { formatDate } from '../../../features/billing/billing-history';
import { BillingHistoryTable } from '../../../features/billing/components/billing-history-table';
import { ChangePlanModal } from '../../../features/billing/components/change-plan-modal';
import { SubscriptionSummary } from '../../../features/billing/components/subscription-summary';
import { SmsAllowanceCard } from '../../../features/billing/components/sms-allowance-card';
import { redirectToHostedPage } from '../../../features/billing/redirect';
import { useCheckout, type CheckoutChoice } from '../../../features/billing/use-checkout';
import { meQueryKey } from '../../../features/account/api/get-me';
import { PlanChooser } from '../../../features/plans/components/plan-chooser';
import { useAuth } from '../../../lib/auth/auth-context';
import { ApiError } from '../../../lib/api-client';
import { friendlyErrorMessage } from '../../../lib/error-message';
import { toast } from '../../../lib/toast';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useReturnFocus } from '../../../lib/use-return-focus';
import type { SubscriptionRedirectState } from './require-premium';

/** How often the screen re-reads the subscription while the payment provider's webhook is on its way. */
const POLL_MS = 1000;
/** After this long without the webhook, polling stops and the screen says so. */
const POLL_LIMIT_MS = 30_000;

const PORTAL_FAILED = 'Could not open the billing portal. Please try again.';
const CHANGE_FAILED = 'Your plan could not be changed just now. Nothing was charged. Try again.';
const CANCEL_FAILED = 'Your subscription could not be updated just now. Try again.';

type Awaiting =
  { kind: 'checkout' } | { kind: 'change'; target: CheckoutChoice } | { kind: 'cancel' } | { kind: 'resume' };

const cycleName = (cycle: string) => (cycle === 'annual' ? 'Annual' : 'Monthly');

/**
 * /subscription: the current plan, payment method and billing history; checkout for a first plan,
 * plan and cycle changes, and the provider's portal for the card and cancellation. Arrives with
 * `?plan=…&cycle=…` (a plan picked before login: checkout starts once) or `?checkout=success|canceled`
 * (back from the hosted checkout: the screen polls until the webhook has written the plan).
 */
export function SubscriptionPage() {
  useDocumentTitle('Subscription');
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const premiumRequired = (location.state as SubscriptionRedirectState | null)?.reason === 'premiumRequired';

  // Read once; the URL is then cleaned so a refresh or Back does not start anything twice.
  const [arrival] = useState(() => {
    const plan = params.get('plan');
    const cycle = params.get('cycle');
    return {
      checkout: params.get('checkout'),
      selection: isPaidPlan(plan) && isBillingCycle(cycle) ? { plan, billingCycle: cycle } : null,
    };
  });
  const [awaiting, setAwaiting] = useState<Awaiting | null>(
    arrival.checkout === 'success' ? { kind: 'checkout' } : null,
  );
  const [slow, setSlow] = useState(false);
  const [alreadySubscribed, setAlreadySubscribed] = useState(false);
  const [changeTarget, setChangeTarget] = useState<CheckoutChoice | null>(null);
  const [portal, setPortal] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  const [confirmCancel, setConfirmCancel] = useState(false);
  const plansHeading = useRef<HTMLHeadingElement>(null);
  const summaryHeading = useCallback(() => document.getElementById('current-plan-title'), []);
  useReturnFocus(changeTarget !== null, () => plansHeading.current);
  useReturnFocus(confirmCancel, summaryHeading);

  const subscription = useSubscription(awaiting && !slow ? POLL_MS : false);
  const checkout = useCheckout();
  const change = useChangeSubscription();
  const cancellation = useSetCancellation();
  const data = subscription.data;

  useEffect(() => {
    if (arrival.checkout || arrival.selection) {
      void navigate('/subscription', { replace: true, state: location.state });
    }
    // Only on arrival: `arrival` never changes and the location state is carried over as it was.
  }, []);

  // A plan chosen before login starts its checkout once, unless the account already has a plan.
  const autoStarted = useRef(false);
  useEffect(() => {
    if (!arrival.selection || autoStarted.current || !data || !user) return;
    autoStarted.current = true;
    if (grantsPlan(data.subscription.status)) {
      setAlreadySubscribed(true);
      return;
    }
    void checkout.start({ kind: 'account', userId: user.sub, email: user.email }, arrival.selection);
  }, [arrival.selection, data, user, checkout]);

  // Waiting for the webhook: done when the record shows what was bought or changed.
  useEffect(() => {
    if (!awaiting || !data) return;
    const sub = data.subscription;
    const plan = effectivePlan(sub);
    const done =
      awaiting.kind === 'checkout'
        ? plan !== 'none'
        : awaiting.kind === 'cancel'
          ? cancelsOn(sub) !== null
          : awaiting.kind === 'resume'
            ? cancelsOn(sub) === null
            : sub.plan === awaiting.target.plan && sub.billing_cycle === awaiting.target.billingCycle;
    if (!done) return;
    setAwaiting(null);
    setSlow(false);
    // Entitlements (the jobsite pages) read GET /api/me.
    void queryClient.invalidateQueries({ queryKey: meQueryKey(user?.sub) });
    toast.success(
      awaiting.kind === 'checkout'
        ? `Your ${PLANS[plan].name} plan is active.`
        : awaiting.kind === 'cancel'
          ? `Your subscription cancels on ${formatDate(cancelsOn(sub))}.`
          : awaiting.kind === 'resume'
            ? 'Your subscription will renew.'
            : `Your plan is now ${PLANS[sub.plan].name}, billed ${sub.billing_cycle}.`,
    );
  }, [awaiting, data, queryClient, user?.sub]);

  useEffect(() => {
    if (!awaiting) return;
    const timer = setTimeout(() => setSlow(true), POLL_LIMIT_MS);
    return () => clearTimeout(timer);
  }, [awaiting]);

  const sub = data?.subscription ?? null;
  const hasLivePlan = !!sub && sub.id !== null && grantsPlan(sub.status) && isPaidPlan(sub.plan);
  const cancelling = sub ? cancelsOn(sub) : null;

  const onChoose = (choice: CheckoutChoice) => {
    if (!user || !data) return;
    if (hasLivePlan) {
      change.reset();
      setChangeTarget(choice);
      return;
    }
    void checkout.start({ kind: 'account', userId: user.sub, email: user.email }, choice);
  };

  const onConfirmChange = (target: CheckoutChoice, prorationDate: number) => {
    if (!sub?.id) return;
    change.mutate(
      { subscriptionId: sub.id, ...target, prorationDate },
      {
        onSuccess: () => {
          setChangeTarget(null);
          setSlow(false);
          setAwaiting({ kind: 'change', target });
        },
      },
    );
  };

  const setCancelled = (cancel: boolean) => {
    if (!sub?.id) return;
    cancellation.mutate(
      { subscriptionId: sub.id, cancel },
      {
        onSuccess: () => {
          setConfirmCancel(false);
          setSlow(false);
          setAwaiting({ kind: cancel ? 'cancel' : 'resume' });
        },
        onError: (err) => {
          if (!cancel) toast.error(friendlyErrorMessage(err, CANCEL_FAILED));
        },
      },
    );
  };

  const openPortal = async () => {
    setPortal({ busy: true, error: null });
    try {
      const { url } = await createPortalSession();
      if (redirectToHostedPage(url, PORTAL_FAILED)) return;
      setPortal({ busy: false, error: null });
    } catch (err) {
      setPortal({ busy: false, error: friendlyErrorMessage(err, PORTAL_FAILED) });
    }
  };

  const loadError =
    subscription.error instanceof ApiError && subscription.error.status === 403
      ? MESSAGES.permissionDenied
      : MESSAGES.subscriptionLoadFailed;

  const plans = subscription.isPending ? (
    // While loading, nothing claims the account has no plan yet.
    <Stack gap="md" aria-busy="true" aria-label="Loading plans">
      <Skeleton h={24} w={260} />
      <Skeleton h={220} />
    </Stack>
  ) : cancelling ? (
    <section aria-labelledby="plans-title">
      <Title order={2} size="h4" id="plans-title" mb="md" ref={plansHeading} tabIndex={-1}>
        Change plan or billing cycle
      </Title>
      <Alert color="gray" data-testid="plans-locked">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">
            Your subscription is set to cancel on {formatDate(cancelling)}, so plan changes are paused. Resume
            it to switch plans or billing cycle.
          </Text>
          <Button
            size="sm"
            variant="default"
            onClick={() => setCancelled(false)}
            loading={cancellation.isPending}
            disabled={awaiting !== null && !slow}
          >
            Resume to change plans
          </Button>
        </Stack>
      </Alert>
    </section>
  ) : (
    <section aria-labelledby="plans-title">
      <Title order={2} size="h4" id="plans-title" mb="md" ref={plansHeading} tabIndex={-1}>
        {hasLivePlan ? 'Change plan or billing cycle' : 'Choose a plan'}
      </Title>
      <PlanChooser
        initialCycle={arrival.selection?.billingCycle ?? (hasLivePlan ? sub.billing_cycle : 'monthly')}
        key={hasLivePlan ? `${sub.plan}-${sub.billing_cycle}` : (arrival.selection?.billingCycle ?? 'none')}
        processingPlan={checkout.processingPlan}
        disabled={awaiting !== null && !slow}
        currentPlan={hasLivePlan && isPaidPlan(sub.plan) ? sub.plan : null}
        currentCycle={hasLivePlan ? sub.billing_cycle : null}
        onChoose={onChoose}
      />
    </section>
  );

  const history = (
    <Card withBorder padding="lg" component="section" aria-labelledby="billing-history-title">
      <Title order={2} size="h4" id="billing-history-title" mb="sm">
        Billing history
      </Title>
      {data ? <BillingHistoryTable entries={data.billingHistory} /> : <Skeleton h={80} />}
    </Card>
  );

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
      {arrival.checkout === 'canceled' ? (
        <Alert color="gray" title="Checkout canceled">
          You have not been charged. Choose a plan whenever you are ready.
        </Alert>
      ) : null}
      {awaiting ? (
        <Alert
          color={slow ? 'yellow' : 'blue'}
          role="status"
          title={
            awaiting.kind === 'checkout' ? 'Payment received, thank you!' : 'Your change is being confirmed'
          }
          icon={slow ? undefined : <Loader size="xs" />}
        >
          {slow
            ? 'The payment provider has not confirmed it yet. Refresh this page in a minute.'
            : awaiting.kind === 'checkout'
              ? 'Your plan is being activated. This takes a few seconds.'
              : awaiting.kind === 'cancel'
                ? 'Setting your subscription to cancel at the end of the period. This takes a few seconds.'
                : awaiting.kind === 'resume'
                  ? 'Resuming your subscription. This takes a few seconds.'
                  : `Switching to ${PLANS[awaiting.target.plan].name}, ${cycleName(awaiting.target.billingCycle)}. This takes a few seconds.`}
        </Alert>
      ) : null}
      {checkout.error ? (
        <Alert
          color="red"
          role="alert"
          title={MESSAGES.checkoutSessionFailed}
          withCloseButton
          onClose={checkout.clearError}
        >
          {checkout.error}
        </Alert>
      ) : null}
      {alreadySubscribed && arrival.selection && sub ? (
        <Alert color="blue" title={`You already have the ${PLANS[sub.plan].name} plan`}>
          To switch to {PLANS[arrival.selection.plan].name} ({arrival.selection.billingCycle}), choose it
          under “Change plan or billing cycle” below.
        </Alert>
      ) : null}

      {subscription.isPending ? (
        <Skeleton h={140} aria-label="Loading your subscription" />
      ) : subscription.isError ? (
        <Alert color="red" role="alert" title={loadError}>
          <Group gap="sm">
            {loadError === MESSAGES.subscriptionLoadFailed ? (
              <Text size="sm">Check your connection and try again.</Text>
            ) : null}
            <Button variant="default" size="xs" onClick={() => void subscription.refetch()}>
              Try again
            </Button>
          </Group>
        </Alert>
      ) : (
        <SubscriptionSummary
          subscription={subscription.data.subscription}
          onManage={subscription.data.subscription.customer_id ? openPortal : null}
          managing={portal.busy}
          onCancel={
            hasLivePlan && awaiting === null ? () => (cancellation.reset(), setConfirmCancel(true)) : null
          }
          onResume={awaiting === null || slow ? () => setCancelled(false) : null}
          resuming={cancellation.isPending && !confirmCancel}
        />
      )}
      {portal.error ? (
        <Alert
          color="red"
          role="alert"
          withCloseButton
          onClose={() => setPortal({ busy: false, error: null })}
        >
          {portal.error}
        </Alert>
      ) : null}

      {sub ? <SmsAllowanceCard plan={effectivePlan(sub)} /> : null}

      {subscription.isError ? null : hasLivePlan ? (
        <>
          {history}
          {plans}
        </>
      ) : (
        <>
          {plans}
          {history}
        </>
      )}

      {sub ? (
        <ChangePlanModal
          current={sub}
          target={changeTarget}
          onCancel={() => setChangeTarget(null)}
          onConfirm={onConfirmChange}
          submitting={change.isPending}
          error={change.isError ? friendlyErrorMessage(change.error, CHANGE_FAILED) : null}
        />
      ) : null}
      {sub && hasLivePlan ? (
        <CancelSubscriptionModal
          subscription={sub}
          opened={confirmCancel}
          onClose={() => setConfirmCancel(false)}
          onConfirm={() => setCancelled(true)}
          submitting={cancellation.isPending}
          error={cancellation.isError ? friendlyErrorMessage(cancellation.error, CANCEL_FAILED) : null}
        />
      ) : null}
    </Stack>
  );
}
