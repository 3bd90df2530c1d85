import { Alert, Anchor, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { cancelsOn } from '../../../../../shared/billing';
import { PLANS } from '../../../../../shared/plans';
import { useSubscription } from '../api/get-subscription';
import { formatDate } from '../billing-history';

/**
 * "Your Basic plan cancels on Dec 22, 2026" with a link to resume it, for a subscription set to
 * cancel at the end of its period; renders nothing otherwise (or while loading). For the dashboard.
 */
export function CancelsOnNotice() {
  const { data } = useSubscription();
  const date = data ? cancelsOn(data.subscription) : null;
  if (!data || !date) return null;
  return (
    <Alert color="yellow" title={`Cancels on ${formatDate(date)}`} data-testid="cancels-on-notice">
      <Text size="sm">
        Your {PLANS[data.subscription.plan].name} plan and its notices stop on {formatDate(date)}.{' '}
        <Anchor component={Link} to="/subscription" size="sm" fw={600}>
          Resume subscription
        </Anchor>
      </Text>
    </Alert>
  );
}
