import { PLANS, type PlanId } from '../../../shared/plans';
import type { Worker } from '../../../shared/records';
import { smsMessages } from '../../../shared/sms-messages';
import type { TenantId } from '../caller';
import { ForbiddenError } from '../errors';
import type { Clock } from '../runtime.ports';
import { smsStatusOf } from './consent';
import { stopEverywhere } from './send-texts';
import { takeAllowance } from './sms-allowance';
import { SmsOptedOutError, type SmsAllowance, type SmsConsentStore, type TextSender } from './sms.ports';

export interface WorkerSmsDeps {
  consents: SmsConsentStore;
  sender: TextSender;
  allowance: SmsAllowance;
  clock: Clock;
  /** The account's plan and company name, from the stored subscription and profile. */
  accountOf(tenant: TenantId): Promise<{ plan: PlanId; company: string }>;
}

export const smsPlanRefusal = (plan: PlanId) =>
  `SMS notifications need the Premium or Enterprise plan; this account is on ${PLANS[plan].name}. Upgrade on /subscription.`;

/** Turning SMS on needs a plan with `smsNotifications` (403 naming the plan); turning it off never does. */
export async function assertSmsAllowed(
  tenant: TenantId,
  fields: Pick<Worker, 'smsOptIn'>,
  before: Pick<Worker, 'smsOptIn'> | null,
  deps: WorkerSmsDeps,
): Promise<void> {
  if (!fields.smsOptIn || before?.smsOptIn) return;
  const { plan } = await deps.accountOf(tenant);
  if (!PLANS[plan].features.smsNotifications) throw new ForbiddenError(smsPlanRefusal(plan));
}

/**
 * After a worker is saved with SMS on: the number gets the one-time "Reply YES…" ask, once per
 * account and number (the consent record is created with a conditional write, so repeats and
 * parallel saves ask once). A number that said STOP is never asked by the contractor again.
 */
export async function askForConsent(tenant: TenantId, worker: Worker, deps: WorkerSmsDeps): Promise<void> {
  if (!worker.phone || !worker.smsOptIn) return;
  const { company, plan } = await deps.accountOf(tenant);
  const now = deps.clock.now();
  const created = await deps.consents.create({
    tenantId: tenant,
    phone: worker.phone,
    state: 'pending',
    company,
    log: [{ at: now.toISOString(), event: 'asked', source: 'contractor' }],
    version: 1,
  });
  if (!created) return;
  const body = smsMessages.askConsent(company);
  const hold = await takeAllowance(deps.allowance, { tenant, plan, body, at: now });
  if (!hold) return;
  try {
    await deps.sender.send({ to: worker.phone, body });
  } catch (err) {
    await hold.giveBack();
    if (!(err instanceof SmsOptedOutError)) throw err;
    await stopEverywhere(deps.consents, worker.phone, 'carrier', now);
  }
}

/** Each worker with its `sms.status` (the contract's read), from the consents of their numbers. */
export async function withSmsStatus(
  tenant: TenantId,
  workers: Worker[],
  consents: SmsConsentStore,
): Promise<Worker[]> {
  if (!workers.some((w) => w.phone && w.smsOptIn))
    return workers.map((w) => ({ ...w, sms: { status: 'off' } }));
  // Only the page's numbers, by key, when the store can: a page costs the same in any account.
  const phones = [...new Set(workers.flatMap((w) => (w.phone && w.smsOptIn ? [w.phone] : [])))];
  const found = consents.getMany
    ? await consents.getMany(tenant, phones)
    : await consents.listForTenant(tenant);
  const byPhone = new Map(found.map((c) => [c.phone, c.state]));
  return workers.map((w) => ({
    ...w,
    sms: { status: smsStatusOf(w, w.phone ? (byPhone.get(w.phone) ?? null) : null) },
  }));
}
