import { PLANS, type PlanId } from '../../../shared/plans';
import { measureSms } from '../../../shared/sms-text';
import type { TenantId } from '../caller';
import type { SmsAllowance } from './sms.ports';

/** "2026-11" of an instant: the allowance's month (UTC). */
export const allowanceMonth = (at: Date) => at.toISOString().slice(0, 7);

/** What one text took from the month's allowance, to give back if the send fails. */
export interface AllowanceHold {
  segments: number;
  giveBack(): Promise<void>;
}

/**
 * Takes a text's SEGMENTS (what the carrier bills: a 2-segment text costs two) from the plan's
 * monthly allowance with one conditional update, so parallel sends never go over it; null (nothing
 * taken) when the text would.
 */
export async function takeAllowance(
  allowance: SmsAllowance,
  input: { tenant: TenantId; plan: PlanId; body: string; at: Date },
): Promise<AllowanceHold | null> {
  const { segments } = measureSms(input.body);
  const month = allowanceMonth(input.at);
  const taken = await allowance.take(input.tenant, month, segments, PLANS[input.plan].smsMonthlyAllowance);
  if (!taken) return null;
  return { segments, giveBack: () => allowance.giveBack(input.tenant, month, segments) };
}
