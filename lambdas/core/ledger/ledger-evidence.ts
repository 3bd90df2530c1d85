import type { LedgerEvidence } from '../../../shared/ledger';
import { nullIfAbsent, pickFields } from '../../../shared/pick-fields';
import { isNoticeClaim } from '../dispatch/dispatch.ports';
import type { TenantId } from '../caller';
import { NotFoundError } from '../errors';
import { mustGet } from '../records/record-crud';
import { assertLedgerDate, isIsoDate, ledgerOfDecisions, type LedgerDeps } from './jobsite-ledger';
import type { DayMessages } from './ledger.ports';
import { NonWorkingDayLookup } from '../holidays/non-working-days';
import { observedForDecision } from '../observations/observed-day';

/**
 * The evidence behind one decided working day: the decision as the dispatch stored it (forecast
 * snapshot, rules, judgement), the contractor's mark, the month's allowance standing, and who was
 * told. 404 for a day without a decision or a jobsite of another account.
 */
export async function ledgerEvidence(
  tenant: TenantId,
  jobsiteId: string,
  date: string,
  deps: LedgerDeps & { messages: DayMessages },
): Promise<LedgerEvidence> {
  const jobsite = await mustGet(deps.records.jobsites, tenant, jobsiteId, 'Jobsite');
  if (!isIsoDate(date)) throw new NotFoundError('Ledger day not found');
  assertLedgerDate('date', date, deps.clock.now().toISOString().slice(0, 10));
  const month = date.slice(0, 7);
  const monthStart = `${month}-01`;
  // The month's earlier decisions decide whether this day is within the allowance.
  const [decisions, messages, client, nonWorking, observation] = await Promise.all([
    deps.decisions.listRange(tenant, jobsite.id, monthStart, date),
    deps.messages.listRange(tenant, jobsite.id, date, date),
    jobsite.clientId ? deps.records.clients.get(tenant, jobsite.clientId) : Promise.resolve(null),
    new NonWorkingDayLookup(deps.holidays).of(tenant, jobsite),
    deps.observations?.get(tenant, jobsite.id, date) ?? Promise.resolve(null),
  ]);
  const decision = decisions.find((d) => d.workDate === date);
  if (!decision) throw new NotFoundError('Ledger day not found');
  const range = { from: monthStart, to: date };
  const ledger = ledgerOfDecisions(jobsite, range, decisions, nonWorking, () => ({
    reasons: [],
    note: null,
  }));
  const day = ledger.days.find((d) => d.date === date);
  const m = ledger.months[ledger.months.length - 1] ?? { delayDays: 0, anticipated: 0, beyondAllowance: 0 };
  return {
    jobsite: {
      id: jobsite.id,
      name: jobsite.name,
      address: jobsite.address ?? null,
      timezone: jobsite.timezone,
      workingHours: jobsite.workingHours,
    },
    client: client ? { id: client.id, name: client.name } : null,
    date,
    ...pickFields(decision, ['verdict', 'hoursLost']),
    delayDay: day?.delayDay ?? false,
    beyondAllowance: day?.beyondAllowance ?? false,
    month: { month, delayDays: m.delayDays, anticipated: m.anticipated, beyondAllowance: m.beyondAllowance },
    worked: decision.worked ?? null,
    note: decision.workedNote ?? null,
    ...nullIfAbsent(decision, ['markedAt', 'markedBy']),
    ...pickFields(decision, ['decidedAt', 'judgement', 'rules', 'forecast']),
    messages: messages
      .filter(isNoticeClaim)
      .sort((a, b) => a.claimedAt.localeCompare(b.claimedAt) || a.recipient.localeCompare(b.recipient))
      .map((x) => ({
        recipient: x.recipient,
        recipientName: x.recipientName,
        audience: x.audience,
        kind: x.kind,
        verdict: x.verdict,
        status: x.status,
        claimedAt: x.claimedAt,
        sentAt: x.sentAt,
      })),
    observed: observedForDecision(jobsite, decision, observation, deps.clock.now()),
  };
}
