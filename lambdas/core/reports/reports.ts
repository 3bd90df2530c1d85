import { randomUUID } from 'node:crypto';
import { planHas, planRefusal } from '../../../shared/plan-refusal';
import { REPORT_ATTRIBUTION, type ReportData, type ReportJobsite } from '../../../shared/report-data';
import { resolveRange, type ReportDefinition, type ReportInput } from '../../../shared/reports';
import { effectivePlan } from '../../../shared/subscription';
import type { AccountRepo } from '../account/account.ports';
import { tenantOf, type Caller, type TenantId } from '../caller';
import { ForbiddenError, NotFoundError, ValidationError } from '../errors';
import { jobsiteLedger, type LedgerDeps } from '../ledger/jobsite-ledger';
import type { ReportRepo } from './reports.ports';

export interface ReportsDeps {
  reports: ReportRepo;
  accounts: Pick<AccountRepo, 'getSubscription'>;
  /** The ledger's own dependencies: every figure comes from `jobsiteLedger`, as the ledger route's. */
  ledger: LedgerDeps;
}

/** Custom reports are Premium and Enterprise (`customReports`): others get 403 naming their plan. */
export async function reportsTenant(caller: Caller, deps: Pick<ReportsDeps, 'accounts'>): Promise<TenantId> {
  const tenant = tenantOf(caller);
  const subscription = await deps.accounts.getSubscription(tenant);
  const plan = subscription ? effectivePlan(subscription) : 'none';
  if (!planHas(plan, 'customReports')) throw new ForbiddenError(planRefusal('customReports', plan));
  return tenant;
}

/** Refuses (400 naming `jobsites`) a jobsite or client that is not the account's. */
async function assertOwnJobsites(tenant: TenantId, jobsites: ReportInput['jobsites'], deps: ReportsDeps) {
  if (jobsites === 'all') return;
  if ('clientId' in jobsites) {
    if (!(await deps.ledger.records.clients.get(tenant, jobsites.clientId)))
      throw new ValidationError('jobsites.clientId', 'The client is not one of this account’s clients');
    return;
  }
  const found = await Promise.all(jobsites.map((id) => deps.ledger.records.jobsites.get(tenant, id)));
  const missing = jobsites.filter((_, i) => !found[i]);
  if (missing.length)
    throw new ValidationError('jobsites', `Not one of this account’s jobsites: ${missing.join(', ')}`);
}

export async function createReport(
  caller: Caller,
  input: ReportInput,
  deps: ReportsDeps,
): Promise<{ id: string }> {
  const tenant = await reportsTenant(caller, deps);
  await assertOwnJobsites(tenant, input.jobsites, deps);
  const now = deps.ledger.clock.now().toISOString();
  const report: ReportDefinition = { ...input, id: randomUUID(), createdAt: now, updatedAt: now };
  await deps.reports.create(tenant, report);
  return { id: report.id };
}

export async function listReports(caller: Caller, deps: ReportsDeps): Promise<ReportDefinition[]> {
  return deps.reports.list(await reportsTenant(caller, deps));
}

export async function getReport(caller: Caller, id: string, deps: ReportsDeps): Promise<ReportDefinition> {
  const report = await deps.reports.get(await reportsTenant(caller, deps), id);
  if (!report) throw new NotFoundError('Report not found');
  return report;
}

/**
 * A definition's figures: each chosen jobsite's ledger over the range resolved in its own zone, by the
 * ledger route's own code, and totals that are the sums of those ledgers' totals. A jobsite deleted
 * since the definition was saved is left out.
 */
export async function reportData(
  caller: Caller,
  definition: ReportInput,
  deps: ReportsDeps,
): Promise<ReportData> {
  const tenant = await reportsTenant(caller, deps);
  await assertOwnJobsites(tenant, definition.jobsites, deps);
  const chosen = await chosenJobsites(tenant, definition.jobsites, deps);
  const clients = new Map((await deps.ledger.records.clients.list(tenant)).map((c) => [c.id, c]));
  const now = deps.ledger.clock.now();
  const jobsites: ReportJobsite[] = [];
  for (const j of chosen.sort((a, b) => a.name.localeCompare(b.name))) {
    const range = resolveRange(definition.range, now, j);
    const ledger = await jobsiteLedger(tenant, j.id, range, deps.ledger);
    const client = j.clientId ? clients.get(j.clientId) : undefined;
    jobsites.push({
      ledger,
      client: client ? { id: client.id, name: client.name } : null,
      address: j.address ?? null,
    });
  }
  const delayDays = jobsites.flatMap((j) => j.ledger.days.filter((d) => d.delayDay));
  return {
    title: definition.title,
    generatedAt: now.toISOString(),
    sections: definition.sections,
    jobsites,
    totals: {
      delayDays: sum(jobsites.map((j) => j.ledger.totals.delayDays)),
      hoursLost: Math.round(sum(jobsites.map((j) => j.ledger.totals.hoursLost)) * 10) / 10,
      beyondAllowance: sum(jobsites.map((j) => j.ledger.totals.beyondAllowance)),
      notified: sum(jobsites.flatMap((j) => j.ledger.days.map((d) => d.notified ?? 0))),
      observedJudged: delayDays.filter((d) => d.observed === 'confirmed' || d.observed === 'not-confirmed')
        .length,
      observedConfirmed: delayDays.filter((d) => d.observed === 'confirmed').length,
    },
    attribution: REPORT_ATTRIBUTION,
  };
}

/** The account's jobsites a definition names (all, a client's, or chosen ones still there). */
export async function chosenJobsites(
  tenant: TenantId,
  jobsites: ReportInput['jobsites'],
  deps: Pick<ReportsDeps, 'ledger'>,
) {
  const all = await deps.ledger.records.jobsites.list(tenant);
  if (jobsites === 'all') return all;
  if ('clientId' in jobsites) return all.filter((j) => j.clientId === jobsites.clientId);
  return jobsites.flatMap((id) => all.filter((j) => j.id === id));
}

const sum = (xs: number[]) => xs.reduce((s, x) => s + x, 0);
