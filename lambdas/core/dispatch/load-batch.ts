import { PLANS, type PlanId } from '../../../shared/plans';
import { planHas } from '../../../shared/plan-refusal';
import { effectivePlan, type Subscription } from '../../../shared/subscription';
import type { Client, Jobsite, Worker } from '../../../shared/records';
import type { QuietHours } from '../../../shared/quiet-hours';
import type { BrandLook } from '../../../shared/brand';
import { mapWithConcurrency } from '../../../shared/concurrency';
import { tenantFromStore, type TenantId } from '../caller';
import { jobsiteRefKey, type JobsiteRef, type RecordsStore } from '../records/records.ports';
import type { SuppressionReason } from '../email/email.ports';
import { NonWorkingDayLookup } from '../holidays/non-working-days';
import { markSuppressedWorkers, recipientsOf } from './notice-recipients';
import type { ClaimKeyFields, Decision, DueJobsite } from './dispatch.ports';
import type { NotifyDeps } from './notify-jobsites';
import { textTargetsOf } from '../sms/notice-texts';
import { rosterStateOf, suppressionsOf } from './account-rosters';
import { smsMessageKey } from '../sms/send-texts';

/** One due jobsite of a batch with everything its account gives it: read once per account per batch. */
export interface BatchItem {
  due: DueJobsite;
  tenant: TenantId;
  jobsite: Jobsite;
  workers: readonly Worker[];
  clients: Client[];
  notify: boolean;
  plan: PlanId;
  company: string;
  units: 'us' | 'metric';
  quietHours: QuietHours | null;
  suppressed: Map<string, SuppressionReason>;
  profile: Awaited<ReturnType<NotifyDeps['accounts']['getProfile']>>;
  brand: BrandLook | null;
}

/**
 * The batch's jobsites, in one batched read where the store has one (else a few at a time), keyed
 * `jobsiteRefKey`. A jobsite read again in the same batch (observations, after the notices) is not
 * read twice: `batchJobsites` keeps what this read.
 */
export async function readJobsites(
  records: RecordsStore,
  refs: readonly JobsiteRef[],
  inFlight: number,
): Promise<Map<string, Jobsite>> {
  if (records.jobsites.getMany) return records.jobsites.getMany(refs);
  const found = new Map<string, Jobsite>();
  await mapWithConcurrency(refs, inFlight, async (ref) => {
    const jobsite = await records.jobsites.get(ref.tenant, ref.id);
    if (jobsite) found.set(jobsiteRefKey(ref), jobsite);
  });
  return found;
}

/**
 * A batch's records store whose jobsite reads are kept for the batch: the notices read the batch's
 * jobsites in one call and the observations after them find them here instead of reading each again.
 * Writes go straight through (the dispatch writes no jobsite).
 */
export function batchJobsites(records: RecordsStore): RecordsStore {
  const kept = new Map<string, Jobsite | null>();
  const jobsites = records.jobsites;
  return {
    ...records,
    jobsites: {
      ...jobsites,
      get: async (tenant, id) => {
        const key = jobsiteRefKey({ tenant, id });
        if (!kept.has(key)) kept.set(key, await jobsites.get(tenant, id));
        return kept.get(key) ?? null;
      },
      ...(jobsites.getMany
        ? {
            getMany: async (refs) => {
              const missing = refs.filter((r) => !kept.has(jobsiteRefKey(r)));
              const read = await jobsites.getMany!(missing);
              for (const r of missing) kept.set(jobsiteRefKey(r), read.get(jobsiteRefKey(r)) ?? null);
              const found = new Map<string, Jobsite>();
              for (const r of refs) {
                const jobsite = kept.get(jobsiteRefKey(r));
                if (jobsite) found.set(jobsiteRefKey(r), jobsite);
              }
              return found;
            },
          }
        : {}),
    },
  };
}

/**
 * Loads a batch: its jobsites in one batched read, and each account's workers, clients, plan,
 * profile, suppressions (and brand, only where the plan has white-labelling) once for the batch.
 * With `rosters`, an account's workers are read only when its roster version moved since the
 * process kept them, and its suppressions only when it has some (account-rosters.ts).
 * Inactive jobsites and days nobody works (holidays, shutdowns) are left out.
 */
export async function loadBatch(
  batch: readonly DueJobsite[],
  deps: NotifyDeps,
  now: Date,
  inFlight: number,
): Promise<BatchItem[]> {
  const byTenant = new Map<string, DueJobsite[]>();
  for (const due of batch) byTenant.set(due.tenantId, [...(byTenant.get(due.tenantId) ?? []), due]);
  const tenants = [...byTenant.keys()].map(tenantFromStore);
  // The batch's jobsites, and its accounts' plans, profiles, calendars and roster states, each in
  // one batched read.
  const [jobsites, subscriptions, profiles, calendars, rosters] = await Promise.all([
    readJobsites(
      deps.records,
      batch.map((d) => ({ tenant: tenantFromStore(d.tenantId), id: d.jobsiteId })),
      inFlight,
    ),
    deps.accounts.getSubscriptions?.(tenants),
    deps.accounts.getProfiles?.(tenants),
    deps.holidays.getMany?.(tenants),
    deps.rosters?.store.statesOf(tenants),
  ]);
  // The clients the batch's jobsites name, in one batched read (not each account's whole list).
  const clientsOf = await readClients(deps.records, jobsites);
  const nonWorking = new NonWorkingDayLookup(
    calendars
      ? { get: async (t) => calendars.get(t) ?? null, put: (t, c) => deps.holidays.put(t, c) }
      : deps.holidays,
  );
  // The brands of the accounts whose plan has white-labelling, in one batched read (the plans are
  // known here, so the lookup's own plan read is not made again per account).
  const storedOf = subscriptions ? deps.brands?.storedOf : undefined;
  const storedBrands = await storedOf?.(
    tenants.filter((t) => planHas(planOf(subscriptions!.get(t) ?? null), 'whiteLabeling')),
  );
  const work: BatchItem[] = [];
  for (const [tenantId, dues] of byTenant) {
    const tenant = tenantFromStore(tenantId);
    const roster = rosters && rosterStateOf(rosters, tenantId);
    const [workers, clients, subscription, profile, suppressed] = await Promise.all([
      roster ? deps.rosters!.kept.workersOf(tenant, roster.workers) : deps.records.workers.list(tenant),
      clientsOf ? (clientsOf.get(tenantId) ?? []) : deps.records.clients.list(tenant),
      subscriptions ? (subscriptions.get(tenantId) ?? null) : deps.accounts.getSubscription(tenantId),
      profiles ? (profiles.get(tenantId) ?? null) : deps.accounts.getProfile(tenantId),
      roster
        ? suppressionsOf(tenant, roster, { rosters: deps.rosters!.store, suppressions: deps.suppressions })
        : deps.suppressions.reasonsOf(tenant),
    ]);
    // DESIGN §7: verdicts for everyone, automated messages only with an active paid plan.
    const plan = planOf(subscription);
    // A brand shows only on a plan with white-labelling: other accounts' brands are not read.
    const brand =
      !deps.brands || !planHas(plan, 'whiteLabeling')
        ? null
        : storedBrands
          ? (storedBrands.get(tenantId) ?? null)
          : await deps.brands(tenant);
    await markSuppressedWorkers(tenant, workers, suppressed, now, deps.workerStatus);
    const notify = PLANS[plan].emailNotifications;
    for (const due of dues) {
      const jobsite = jobsites.get(jobsiteRefKey({ tenant, id: due.jobsiteId }));
      if (!jobsite || !jobsite.active) continue;
      // A holiday or shutdown day: no decision, no message, no ledger day.
      if (await nonWorking.nameOf(tenant, jobsite, due.workDate)) continue;
      work.push({
        due,
        tenant,
        jobsite,
        workers,
        clients,
        notify,
        plan,
        company: brand?.companyName ?? profile?.company ?? profile?.name ?? 'Raincheck',
        units: profile?.units ?? 'us',
        quietHours: profile?.quietHours ?? null,
        suppressed,
        profile,
        brand,
      });
    }
  }
  return work;
}

/** The clients named by these jobsites, by account; null where the store reads no many at once. */
async function readClients(records: RecordsStore, jobsites: ReadonlyMap<string, Jobsite>) {
  if (!records.clients.getMany) return null;
  // Keyed `jobsiteRefKey`: the account, then '|' and the id (ids hold no '|').
  const accountOf = (key: string) => key.slice(0, key.lastIndexOf('|'));
  const refs = [...jobsites].flatMap(([key, j]) =>
    j.clientId ? [{ tenant: tenantFromStore(accountOf(key)), id: j.clientId }] : [],
  );
  const unique = [...new Map(refs.map((r) => [jobsiteRefKey(r), r])).values()];
  const byAccount = new Map<string, Client[]>();
  for (const [key, client] of await records.clients.getMany(unique))
    byAccount.set(accountOf(key), [...(byAccount.get(accountOf(key)) ?? []), client]);
  return byAccount;
}

const planOf = (subscription: Subscription | null): PlanId =>
  subscription ? effectivePlan(subscription) : 'none';

/**
 * The claims of the batch's standing announcements (each day's last message, offered again every due
 * run) that somebody holds already, in one batched read: a quiet re-run then claims nothing it would
 * see refused. Days whose message changes this run have new keys and are claimed as ever.
 */
export async function heldClaimsOf(
  work: readonly BatchItem[],
  priors: ReadonlyMap<string, Decision> | undefined,
  deps: Pick<NotifyDeps, 'claims' | 'texts'>,
): Promise<Set<string>> {
  if (!deps.claims.heldOf || !priors) return new Set();
  const keys: ClaimKeyFields[] = [];
  for (const item of work) {
    const { due, jobsite } = item;
    const announcement = priors.get(`${due.tenantId}|${jobsite.id}|${due.workDate}`)?.announcement;
    if (!announcement || !item.notify) continue;
    const client = item.clients.find((c) => c.id === jobsite.clientId) ?? null;
    const recipients = recipientsOf(
      jobsite,
      item.workers,
      client,
      announcement.kind,
      announcement.judgement.verdict,
      item.suppressed,
    );
    const day = { tenantId: due.tenantId, jobsiteId: jobsite.id, workDate: due.workDate };
    for (const to of recipients)
      keys.push({ ...day, messageKey: announcement.messageKey, recipient: to.email });
    // The same announcement's texts (core/sms): a quiet re-run neither reads their consents nor claims them.
    if (!deps.texts || !PLANS[item.plan].features.smsNotifications) continue;
    const messageKey = smsMessageKey(announcement.messageKey);
    for (const w of textTargetsOf(jobsite, item.workers))
      keys.push({ ...day, messageKey, recipient: w.phone! });
  }
  return deps.claims.heldOf(keys);
}
