import type { Worker } from '../../../shared/records';
import type { Verdict } from '../../../shared/weather/judgement';
import { tenantFromStore, type TenantId } from '../caller';
import type { EscalationTexter } from '../confirmations/confirmation.ports';
import type { Logger } from '../observability.ports';
import type { PlanId } from '../../../shared/plans';
import { sendTextToWorker, type TextDeps, type TextOutcome } from './send-texts';

export interface EscalationTextDeps extends Omit<TextDeps, 'detailsUrl'> {
  /** The account's plan, from its stored subscription. */
  accountOf(tenant: TenantId): Promise<{ plan: PlanId }>;
  /** The tenant's workers of these ids (by key; the managers of one jobsite, not the account). */
  workersWithIds(tenant: TenantId, ids: readonly string[]): Promise<Worker[]>;
  log?: Logger;
}

/** One escalation to text: the confirmation request it is about and the words to send. */
export interface EscalationText {
  tenantId: string;
  /** The confirmation request escalated: each manager's text is claimed under it, once. */
  requestId: string;
  jobsiteId: string;
  jobsiteName: string;
  workDate: string;
  verdict: Verdict;
  managerWorkerIds: string[];
  body: string;
  runId?: string;
}

export interface EscalationTextOutcome {
  sent: number;
  /** Managers without a number, without YES, already texted, or past the month's allowance. */
  skipped: number;
}

/**
 * The escalation by text to the jobsite's managers (issue 21 §6). The sweep has already claimed the
 * escalation once; each manager's text then goes the way a notice text does (sendTextToWorker): its
 * own SMS claim (so it shows in the send history with channel, segments and delivery status, and a
 * re-run sweep texts nobody twice), YES required, its segments taken from the plan's allowance, a
 * number on the carrier's opt-out list stopped everywhere.
 */
export async function textEscalation(
  input: EscalationText,
  deps: EscalationTextDeps,
): Promise<EscalationTextOutcome> {
  const tenant = tenantFromStore(input.tenantId);
  const { plan } = await deps.accountOf(tenant);
  const wanted = new Set(input.managerWorkerIds);
  const byPhone = new Map<string, Worker>();
  for (const w of await deps.workersWithIds(tenant, [...wanted]))
    if (wanted.has(w.id) && w.phone && w.smsOptIn && !byPhone.has(w.phone)) byPhone.set(w.phone, w);
  const outcome: EscalationTextOutcome = { sent: 0, skipped: input.managerWorkerIds.length - byPhone.size };
  const failures: unknown[] = [];
  for (const [phone, w] of byPhone) {
    let result: TextOutcome;
    try {
      result = await sendTextToWorker(
        {
          tenantId: input.tenantId,
          plan,
          jobsiteId: input.jobsiteId,
          jobsiteName: input.jobsiteName,
          workDate: input.workDate,
          messageKey: `escalation:${input.requestId}`,
          kind: 'escalation',
          verdict: input.verdict,
          audience: 'manager',
          worker: { id: w.id, name: w.name, phone },
          body: input.body,
          runId: input.runId ?? `escalation:${input.requestId}`,
        },
        deps,
      );
    } catch (err) {
      failures.push(err);
      result = 'failed';
    }
    if (result === 'sent') outcome.sent += 1;
    else outcome.skipped += 1;
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
