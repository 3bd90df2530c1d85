import { Navigate, Outlet } from 'react-router-dom';
import { PageLoader } from '../../../components/page-loader';
import { useMe } from '../../../features/account/api/get-me';
import { effectivePlan } from '../../../../../shared/subscription';

export interface SubscriptionRedirectState {
  reason?: 'premiumRequired';
}

/** /jobsites pages need Premium or Enterprise (spec §2, DESIGN §7); others go to /subscription. */
export function RequirePremium() {
  const me = useMe();
  if (me.isPending) return <PageLoader />;
  if (me.isError) throw me.error;
  const plan = effectivePlan(me.data.subscription);
  if (plan === 'premium' || plan === 'enterprise') return <Outlet />;
  const state: SubscriptionRedirectState = { reason: 'premiumRequired' };
  return <Navigate to="/subscription" replace state={state} />;
}
