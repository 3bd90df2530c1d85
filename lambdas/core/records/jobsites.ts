import {
  MAX_JOBSITE_RECIPIENTS,
  JOBSITE_CHANGE_FIELDS,
  jobsiteInputSchema,
  type Jobsite,
  type JobsiteFields,
  type ListResponse,
} from '../../../shared/records';
import { timezoneAt } from '../../../shared/records/timezone';
import { absentIfNull } from '../../../shared/pick-fields';
import type { AccountRepo } from '../account/account.ports';
import { planLimit } from '../billing/entitlements';
import { tenantOf, type Caller, type TenantId } from '../caller';
import type { ListQuery } from './list-page';
import { ValidationError } from '../errors';
import {
  assertReferences,
  listRecords,
  mergePatch,
  mustGet,
  newRecord,
  nextVersion,
  replaceChecked,
} from './record-crud';
import type { RecordsDeps } from './records.deps';
import { SEARCH_FIELDS } from './record-search';

import type { ActingMember } from '../team/acting-member';
import { GuardRefusedError } from './records.ports';

const NOUN = 'Jobsite';

export async function listJobsites(
  tenant: TenantId,
  query: ListQuery,
  deps: RecordsDeps,
): Promise<ListResponse<Jobsite>> {
  return listRecords(deps.records.jobsites, tenant, query, SEARCH_FIELDS.jobsite);
}

export function getJobsite(tenant: TenantId, id: string, deps: RecordsDeps): Promise<Jobsite> {
  return mustGet(deps.records.jobsites, tenant, id, NOUN);
}

/** The client and every recipient must be the tenant's own records (400 naming the field). */
async function assertReferencesExist(tenant: TenantId, fields: JobsiteFields, deps: RecordsDeps) {
  const { clients, workers, crews } = deps.records;
  if (fields.clientId) await assertReferences('clientId', [fields.clientId], clients, tenant, 'client');
  await assertReferences('recipients.workerIds', fields.recipients.workerIds, workers, tenant, 'worker');
  // The foreman must be one of the account's workers (crew confirmation asks them).
  if (fields.foremanWorkerId)
    await assertReferences('foremanWorkerId', [fields.foremanWorkerId], workers, tenant, 'worker');
  await assertReferences('recipients.crewIds', fields.recipients.crewIds, crews, tenant, 'crew');
}

/** JSON with every object's keys in order: the store gives a map's keys back in any order. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );

/**
 * Who changed the jobsite last and, when its rules changed in this save (or it is new), who changed
 * them (issue 22 §4); unchanged rules keep their stored stamp. A save without a member keeps none.
 */
function changeStamps(
  by: ActingMember | undefined,
  at: string,
  rules: { next: Jobsite['rules']; stored?: Jobsite },
): Partial<Record<(typeof JOBSITE_CHANGE_FIELDS)[number], string>> {
  const { stored } = rules;
  const rulesChanged = !stored || canonical(rules.next) !== canonical(stored.rules);
  const rulesStamp = rulesChanged
    ? { rulesUpdatedAt: at, rulesUpdatedById: by?.byId ?? null, rulesUpdatedByName: by?.by ?? null }
    : {
        rulesUpdatedAt: stored.rulesUpdatedAt ?? null,
        rulesUpdatedById: stored.rulesUpdatedById ?? null,
        rulesUpdatedByName: stored.rulesUpdatedByName ?? null,
      };
  const stamps = { updatedById: by?.byId ?? null, updatedByName: by?.by ?? null, ...rulesStamp };
  return absentIfNull(stamps, JOBSITE_CHANGE_FIELDS);
}

/**
 * Creates a jobsite within the plan's `maxJobsites` (403 naming the limit otherwise; the store's
 * counter holds it under parallel requests). The timezone
 * is derived from the coordinates when the body gives none.
 */
export async function createJobsite(
  caller: Caller,
  input: JobsiteFields,
  deps: RecordsDeps & { accounts: Pick<AccountRepo, 'getSubscription'> },
  by?: ActingMember,
): Promise<Jobsite> {
  const tenant = tenantOf(caller);
  const limit = await planLimit('jobsite', caller, deps.accounts);
  await assertReferencesExist(tenant, input, deps);
  const timezone = input.timezone ?? timezoneAt(input.latitude, input.longitude);
  const fresh = newRecord({ ...input, timezone }, deps);
  const jobsite: Jobsite = { ...fresh, ...changeStamps(by, fresh.createdAt, { next: input.rules }) };
  try {
    await deps.records.jobsites.createWithin(tenant, jobsite, limit.max);
  } catch (err) {
    throw err instanceof GuardRefusedError ? limit.refusal : err;
  }
  return jobsite;
}

/** The workers (the foreman too) and crews a jobsite names. */
const namedBy = (j: Pick<Jobsite, 'recipients' | 'foremanWorkerId'>) => [
  ...new Set([...j.recipients.workerIds, ...(j.foremanWorkerId ? [j.foremanWorkerId] : [])]),
  ...j.recipients.crewIds.map((c) => `crew:${c}`),
];

/**
 * A save's added and removed workers and crews each write items in the jobsite's transaction (at
 * most 100): swapping them all at once (2 × 40) would pass it, so one save changes at most 40.
 */
function assertFewChanges(stored: Jobsite, next: JobsiteFields) {
  const before = namedBy(stored);
  const after = namedBy(next);
  const changes =
    after.filter((r) => !before.includes(r)).length + before.filter((r) => !after.includes(r)).length;
  if (changes > MAX_JOBSITE_RECIPIENTS)
    throw new ValidationError(
      'recipients',
      `A save can add and remove at most ${MAX_JOBSITE_RECIPIENTS} workers and crews together; save the change in two steps`,
    );
}

/**
 * Moving a jobsite without naming a timezone re-derives it from the new coordinates. `by`: the member
 * (or API key) saving it, named on the jobsite page.
 */
export async function updateJobsite(
  tenant: TenantId,
  id: string,
  patch: Partial<JobsiteFields>,
  deps: RecordsDeps,
  by?: ActingMember,
): Promise<Jobsite> {
  const stored = await getJobsite(tenant, id, deps);
  const merged = mergePatch(jobsiteInputSchema, stored, patch);
  const moved = merged.latitude !== stored.latitude || merged.longitude !== stored.longitude;
  const timezone =
    patch.timezone ??
    (moved || !merged.timezone ? timezoneAt(merged.latitude, merged.longitude) : merged.timezone);
  await assertReferencesExist(tenant, merged, deps);
  assertFewChanges(stored, merged);
  const next: Jobsite = nextVersion({ ...merged, timezone }, stored, deps.clock);
  Object.assign(next, changeStamps(by, next.updatedAt, { next: merged.rules, stored }));
  return replaceChecked(deps.records.jobsites, tenant, stored, next, NOUN);
}

export async function deleteJobsite(tenant: TenantId, id: string, deps: RecordsDeps): Promise<void> {
  await getJobsite(tenant, id, deps);
  await deps.records.jobsites.remove(tenant, id);
}
