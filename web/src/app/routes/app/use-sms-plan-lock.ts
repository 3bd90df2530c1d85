import { PLANS } from '../../../../../shared/plans';
import { effectivePlan } from '../../../../../shared/subscription';
import { useMe } from '../../../features/account/api/get-me';

/**
 * The name of the account's plan when it has no SMS notifications (the worker form locks its SMS
 * toggle and points to /subscription); null when texts are allowed or the plan is not known yet
 * (the API still refuses with a 403 naming the plan).
 */
export function useSmsPlanLock(): string | null {
  const me = useMe();
  if (!me.data) return null;
  const plan = PLANS[effectivePlan(me.data.subscription)];
  return plan.features.smsNotifications ? null : plan.name;
}
