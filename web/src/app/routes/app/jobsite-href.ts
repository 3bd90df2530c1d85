import type { Jobsite } from '../../../../../shared/records/jobsite';
import { effectivePlan } from '../../../../../shared/subscription';
import { useMe } from '../../../features/account/api/get-me';

/** Jobsite pages are Premium and Enterprise only (DESIGN §7): others manage their one jobsite on the dashboard. */
export function useJobsiteHref(): (jobsite: Jobsite) => string {
  const me = useMe();
  const plan = me.data ? effectivePlan(me.data.subscription) : 'none';
  const pages = plan === 'premium' || plan === 'enterprise';
  return (jobsite) => (pages ? `/jobsites/${jobsite.id}` : '/dashboard');
}
