import { PLANS } from '../../../shared/plans';
import type { SmsUsage } from '../../../shared/sms-usage';
import type { TenantId } from '../caller';
import { allowanceMonth } from './sms-allowance';
import type { WorkerSmsDeps } from './worker-sms';

/** The segments this account has used of its plan's allowance this month (UTC, as sending counts them). */
export async function smsUsageOf(
  tenant: TenantId,
  deps: Pick<WorkerSmsDeps, 'allowance' | 'clock' | 'accountOf'>,
): Promise<SmsUsage> {
  const month = allowanceMonth(deps.clock.now());
  const [{ plan }, used] = await Promise.all([deps.accountOf(tenant), deps.allowance.used(tenant, month)]);
  return { month, used, allowance: PLANS[plan].smsMonthlyAllowance };
}
