import { PLANS, type PlanId } from '../../../shared/plans';
import type { Worker } from '../../../shared/records';
import { tenantFromStore, type TenantId } from '../caller';
import type { EscalationTexter } from '../confirmations/confirmation.ports';
import type { Logger } from '../observability.ports';
import type { Clock } from '../runtime.ports';
import { allowanceMonth, stopEverywhere } from './send-texts';
import { SmsOptedOutError, type SmsAllowance, type SmsConsentStore, type TextSender } from './sms.ports';

export interface EscalationTextDeps {
  consents: SmsConsentStore;
  sender: TextSender;
  allowance: SmsAllowance;
  clock: Clock;
  /** The account's plan, from its stored subscription. */
  accountOf(tenant: TenantId): Promise<{ plan: PlanId }>;
  workersOf(tenant: TenantId): Promise<Worker[]>;
  log?: Logger;
}

export interface EscalationTextOutcome {
  sent: number;
  /** Managers without a number, without YES, or past the month's allowance. */
  skipped: number;
}

/**
 * The escalation by text to the jobsite's managers (issue 21 §6). The sweep has already claimed the
 * escalation exactly once (a conditional write) before calling this, so each manager whose number
 * said YES is texted directly, one per number, each text taking one from the plan's allowance.
 * A failed send gives its text back; a number on the carrier's opt-out list is stopped everywhere.
 */
export async function textEscalation(
  input: { tenantId: string; managerWorkerIds: string[]; body: string },
  deps: EscalationTextDeps,
): Promise<EscalationTextOutcome> {
  const tenant = tenantFromStore(input.tenantId);
  const outcome: EscalationTextOutcome = { sent: 0, skipped: 0 };
  const { plan } = await deps.accountOf(tenant);
  const limits = PLANS[plan];
  if (!limits.features.smsNotifications) return { sent: 0, skipped: input.managerWorkerIds.length };
  const wanted = new Set(input.managerWorkerIds);
  const phones = new Set<string>();
  for (const w of await deps.workersOf(tenant))
    if (wanted.has(w.id) && w.phone && w.smsOptIn) phones.add(w.phone);
  outcome.skipped = input.managerWorkerIds.length - phones.size;
  const failures: unknown[] = [];
  for (const phone of phones) {
    // Consent is the number's own: only YES (and no STOP since) lets a text through.
    if ((await deps.consents.get(tenant, phone))?.state !== 'on') {
      outcome.skipped += 1;
      continue;
    }
    const now = deps.clock.now();
    const month = allowanceMonth(now);
    if (!(await deps.allowance.take(tenant, month, 1, limits.smsMonthlyAllowance))) {
      outcome.skipped += 1;
      continue;
    }
    try {
      await deps.sender.send({ to: phone, body: input.body });
      outcome.sent += 1;
    } catch (err) {
      await deps.allowance.giveBack(tenant, month, 1);
      outcome.skipped += 1;
      if (err instanceof SmsOptedOutError) await stopEverywhere(deps.consents, phone, 'carrier', now);
      else failures.push(err);
    }
  }
  // One manager's failed send does not keep the others from hearing; the sweep logs what failed.
  if (failures.length) throw new AggregateError(failures, `${failures.length} escalation text(s) failed`);
  return outcome;
}

/** The confirmations' EscalationTexter port over the SMS channel. */
export function smsEscalationTexter(deps: EscalationTextDeps): EscalationTexter {
  return {
    sendEscalation: async (input) => {
      const outcome = await textEscalation(input, deps);
      deps.log?.info('escalation texted', { ...outcome });
    },
  };
}
