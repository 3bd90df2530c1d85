import {
  crewChangesTooMany,
  workerInputSchema,
  workersToCsv,
  type ListResponse,
  type Worker,
  type WorkerFields,
} from '../../../shared/records';
import type { TenantId } from '../caller';
import { ValidationError } from '../errors';
import { parseWith } from '../validate';
import type { ListQuery } from './list-page';
import {
  assertReferences,
  listRecords,
  mustGet,
  newRecord,
  nextVersion,
  replaceChecked,
} from './record-crud';
import type { RecordsDeps } from './records.deps';
import { SEARCH_FIELDS } from './record-search';
import { jobsiteIdsNaming, jobsiteNames } from './jobsite-uses';
import { mapWithConcurrency } from '../../../shared/concurrency';
import { GuardRefusedError } from './records.ports';
import { PHONE_HINT } from '../../../shared/phone';
import type { SmsConsentEvent, SmsStatus } from '../../../shared/sms-messages';
import { smsStatusOf } from '../sms/consent';
import { isDialableNumber } from '../sms/phone-numbers';
import { askForConsent, assertSmsAllowed, withSmsStatus } from '../sms/worker-sms';

const NOUN = 'Worker';

export async function listWorkers(
  tenant: TenantId,
  query: ListQuery,
  deps: RecordsDeps,
): Promise<ListResponse<Worker>> {
  const page = await listRecords(deps.records.workers, tenant, query, SEARCH_FIELDS.worker);
  return { ...page, items: await smsRead(tenant, page.items, deps) };
}

export async function getWorker(tenant: TenantId, id: string, deps: RecordsDeps): Promise<Worker> {
  const [worker] = await smsRead(tenant, [await mustGet(deps.records.workers, tenant, id, NOUN)], deps);
  return worker!;
}

/** The contract's `sms: { status }` on every worker read. */
function smsRead(tenant: TenantId, workers: Worker[], deps: RecordsDeps): Promise<Worker[]> {
  return deps.sms
    ? withSmsStatus(tenant, workers, deps.sms.consents)
    : Promise.resolve(workers.map((w) => ({ ...w, sms: { status: 'off' as const } })));
}

const EMAIL_TAKEN = 'Another worker already has this email';

/** The store refuses a second worker with one email (parallel requests included): the same 400. */
async function emailChecked<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (err instanceof GuardRefusedError) throw new ValidationError('email', EMAIL_TAKEN);
    throw err;
  }
}

/** Crews must exist; the email must be free (the read catches workers stored before email guards). */
async function assertUsable(
  tenant: TenantId,
  fields: WorkerFields,
  selfId: string | null,
  deps: RecordsDeps,
) {
  if (fields.phone && !isDialableNumber(fields.phone)) throw new ValidationError('phone', PHONE_HINT);
  await assertReferences('crewIds', fields.crewIds, deps.records.crews, tenant, 'crew');
  const { workers } = deps.records;
  const holders = workers.idsWithEmail
    ? await workers.idsWithEmail(tenant, fields.email)
    : (await workers.list(tenant)).filter((w) => w.email === fields.email).map((w) => w.id);
  if (holders.some((id) => id !== selfId)) throw new ValidationError('email', EMAIL_TAKEN);
}

export async function createWorker(
  tenant: TenantId,
  input: WorkerFields,
  deps: RecordsDeps,
): Promise<Worker> {
  await assertUsable(tenant, input, null, deps);
  if (deps.sms) await assertSmsAllowed(tenant, input, null, deps.sms);
  const worker: Worker = newRecord({ ...input, status: 'active' as const }, deps);
  await emailChecked(() => deps.records.workers.create(tenant, worker));
  if (deps.sms) await askForConsent(tenant, worker, deps.sms);
  return (await smsRead(tenant, [worker], deps))[0]!;
}

/** `status` is the email system's to set (bounces, unsubscribes): an update keeps it. */
export async function updateWorker(
  tenant: TenantId,
  id: string,
  patch: Partial<WorkerFields>,
  deps: RecordsDeps,
): Promise<Worker> {
  const stored = await mustGet(deps.records.workers, tenant, id, NOUN);
  const { id: _id, createdAt: _c, updatedAt: _u, status, sms: _sms, ...fields } = stored;
  const merged = parseWith(workerInputSchema, { ...fields, ...patch });
  const tooMany = crewChangesTooMany(stored.crewIds, merged.crewIds);
  if (tooMany) throw new ValidationError('crewIds', tooMany);
  await assertUsable(tenant, merged, id, deps);
  if (deps.sms) await assertSmsAllowed(tenant, merged, stored, deps.sms);
  const next: Worker = nextVersion({ ...merged, status }, stored, deps.clock);
  const saved = await emailChecked(() => replaceChecked(deps.records.workers, tenant, stored, next, NOUN));
  if (deps.sms) await askForConsent(tenant, saved, deps.sms);
  return (await smsRead(tenant, [saved], deps))[0]!;
}

/**
 * Deletes the worker and takes them off every jobsite's recipients (and as its foreman): the jobsites
 * the store's back-references name, whatever the account's size. A jobsite write adding the worker
 * meanwhile is refused (the store checks the worker in its transaction); one that changes a jobsite
 * naming them makes this read the jobsite again.
 */
export async function deleteWorker(tenant: TenantId, id: string, deps: RecordsDeps): Promise<void> {
  await mustGet(deps.records.workers, tenant, id, NOUN);
  await deps.records.workers.remove(tenant, id);
  const siteIds = await jobsiteIdsNaming(tenant, 'worker', id, deps);
  await mapWithConcurrency(siteIds, TAKE_OFF_CONCURRENCY, (siteId) => takeOff(tenant, siteId, id, deps));
}

const TAKE_OFF_CONCURRENCY = 8;
const TAKE_OFF_ATTEMPTS = 5;

/** The jobsite without the worker, written over the version read (read again if it changed). */
async function takeOff(tenant: TenantId, siteId: string, workerId: string, deps: RecordsDeps) {
  for (let attempt = 1; attempt <= TAKE_OFF_ATTEMPTS; attempt++) {
    const site = await deps.records.jobsites.get(tenant, siteId);
    if (!site || !jobsiteNames(site, 'worker', workerId)) return;
    const next = {
      ...site,
      recipients: {
        ...site.recipients,
        workerIds: site.recipients.workerIds.filter((w) => w !== workerId),
      },
      // A deleted foreman leaves the jobsite without one (its details say so), not with a dangling id.
      foremanWorkerId: site.foremanWorkerId === workerId ? null : (site.foremanWorkerId ?? null),
      updatedAt: deps.clock.now().toISOString(),
    };
    if (await deps.records.jobsites.replace(tenant, next, site.updatedAt)) return;
  }
  throw new Error(`Jobsite ${siteId} kept changing while a deleted worker was taken off it`);
}

/** Every worker of the tenant as CSV, in the import's columns. */
export async function exportWorkers(tenant: TenantId, deps: RecordsDeps): Promise<string> {
  const [workers, crews] = await Promise.all([
    deps.records.workers.list(tenant),
    deps.records.crews.list(tenant),
  ]);
  const sorted = [...workers].sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
  return workersToCsv(sorted, new Map(crews.map((c) => [c.id, c.name])));
}

/** `GET /api/workers/{id}/sms-consent`: the SMS channel and the consent log of the worker's number. */
export async function getWorkerSmsConsent(
  tenant: TenantId,
  id: string,
  deps: RecordsDeps,
): Promise<{ status: SmsStatus; log: SmsConsentEvent[] }> {
  const worker = await mustGet(deps.records.workers, tenant, id, NOUN);
  const consent = worker.phone && deps.sms ? await deps.sms.consents.get(tenant, worker.phone) : null;
  return { status: smsStatusOf(worker, consent?.state ?? null), log: consent?.log ?? [] };
}
