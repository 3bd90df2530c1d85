import type { EntityItem } from 'electrodb';
import type { Jobsite } from '../../../shared/records';
import { JOBSITE_CHANGE_FIELDS } from '../../../shared/records/jobsite-change';
import { absentIfNull } from '../../../shared/pick-fields';
import { DEFAULT_ESCALATION_MINUTES } from '../../../shared/confirmations';
import type { Rule } from '../../../shared/weather/rule';
import { gridCellKey } from '../../../shared/weather/grid-cell';
import { tenantKey } from './tenant-keys';
import { tenantFromStore } from '../../core/caller';
import { nameIndexed, SEARCH_FIELDS } from '../../core/records/record-search';
import { TABLE_KEYS } from './entities/table';
import {
  GuardRefusedError,
  jobsiteRefKey,
  type JobsiteRef,
  type JobsiteRepo,
} from '../../core/records/records.ports';
import type { RaincheckService } from './service';
import { indexesOf, opt, orNull, recordRepo, tenantRecordReads, type Db } from './record-repo';
import {
  countUp,
  assertGoneOrDeleted,
  deleteCountedResult,
  ensureCounter,
  failedItems,
  writeGuarded,
  type Counted,
} from './record-guards';
import { NO_REFS, refsOf, usesBackfill, usesOf, withUsesCounted } from './jobsite-uses';

type JobsiteItem = EntityItem<Db['jobsite']>;

/** A delete reads the jobsite again when a parallel write changed it meanwhile, this many times. */
const DELETE_ATTEMPTS = 5;

/** What `replace` reads as "changed since it was read" (RecordRepo.replace answers false). */
const changedMeanwhile = () =>
  Object.assign(new Error('The jobsite changed since it was read'), {
    name: 'ConditionalCheckFailedException',
  });

const jobsiteFromItem = (i: JobsiteItem): Jobsite => ({
  id: i.jobsiteId,
  name: i.name,
  address: orNull(i.address),
  siteContact: i.siteContact
    ? { name: orNull(i.siteContact.name), phone: orNull(i.siteContact.phone) }
    : null,
  latitude: i.latitude ?? 0,
  longitude: i.longitude ?? 0,
  timezone: i.timezone,
  clientId: orNull(i.clientId),
  workingDays: i.workingDays ?? [1, 2, 3, 4, 5],
  workingHours: {
    start: i.workingHours?.start ?? '07:00',
    end: i.workingHours?.end ?? '17:00',
  },
  startDate: orNull(i.startDate),
  endDate: orNull(i.endDate),
  active: i.active,
  noticeTimes: (i.noticeTimes ?? []).map((n) => ({ time: n.time, forDay: n.forDay ?? 'same' })),
  rules: (i.rules as Rule[] | undefined) ?? [],
  recipients: {
    workerIds: i.recipients?.workerIds ?? [],
    crewIds: i.recipients?.crewIds ?? [],
    notifyClient: i.recipients?.notifyClient ?? false,
  },
  scenario: (i.scenario as Jobsite['scenario'] | undefined) ?? null,
  anticipatedWeatherDays: i.anticipatedWeatherDays?.length === 12 ? i.anticipatedWeatherDays : null,
  nonWorkingDates: (i.nonWorkingDates ?? []).map((d) => ({ date: d.date, name: d.name })),
  foremanWorkerId: orNull(i.foremanWorkerId),
  escalationMinutes: i.escalationMinutes ?? DEFAULT_ESCALATION_MINUTES,
  createdAt: i.createdAt ?? '',
  updatedAt: i.updatedAt ?? '',
  ...absentIfNull(i, JOBSITE_CHANGE_FIELDS),
});
/** A jobsite's notice slots: one per notice time while it is active, none while it is paused. */
export const slotsOf = (tenantId: string, j: Jobsite) =>
  j.active
    ? j.noticeTimes.map((n) => ({
        tenantId,
        jobsiteId: j.id,
        time: n.time,
        forDay: n.forDay,
        timezone: j.timezone,
        workingDays: j.workingDays,
        cell: `${gridCellKey(j.latitude, j.longitude)}|${j.scenario ?? ''}`,
      }))
    : [];
/** The stored item of a jobsite (the benchmarks seed with it in batches). */
export const jobsiteItem = (tenantId: string, j: Jobsite) => ({
  tenantId,
  ...nameIndexed(j.name, j.id, SEARCH_FIELDS.jobsite(j)),
  jobsiteId: j.id,
  name: j.name,
  address: opt(j.address),
  siteContact: j.siteContact ? { name: opt(j.siteContact.name), phone: opt(j.siteContact.phone) } : undefined,
  latitude: j.latitude,
  longitude: j.longitude,
  timezone: j.timezone,
  clientId: opt(j.clientId),
  workingDays: j.workingDays,
  workingHours: j.workingHours,
  startDate: opt(j.startDate),
  endDate: opt(j.endDate),
  active: j.active,
  noticeTimes: j.noticeTimes,
  rules: j.rules,
  recipients: j.recipients,
  scenario: opt(j.scenario),
  anticipatedWeatherDays: j.anticipatedWeatherDays ?? undefined,
  nonWorkingDates: j.nonWorkingDates ?? [],
  foremanWorkerId: opt(j.foremanWorkerId),
  escalationMinutes: j.escalationMinutes,
  createdAt: j.createdAt,
  updatedAt: j.updatedAt,
  ...absentIfNull(j, JOBSITE_CHANGE_FIELDS),
});

/**
 * Jobsites and their notice slots. A create and a delete also move the account's jobsite count in
 * the same transaction, and a create only while the count is below the plan's limit: parallel
 * creates cannot pass the limit together (see record-guards.ts).
 */
export function createJobsiteRepo(db: RaincheckService): JobsiteRepo {
  const e = db.entities;
  const storedSlotTimes = async (tenantId: string, jobsiteId: string) =>
    (await e.noticeSlot.query.byJobsite({ tenantId, jobsiteId }).go({ pages: 'all' })).data.map(
      (n) => n.time,
    );
  const jobsiteCounter = (tenantId: string): Counted => ({
    tenantId,
    kind: 'jobsite',
    countNow: async () => {
      const { data } = await e.jobsite.query
        .byTenant({ tenantId })
        .go({ pages: 'all', consistent: true, attributes: ['jobsiteId'] });
      return data.length;
    },
  });

  const backfill = usesBackfill(db);
  const storedItem = async (tenantId: string, jobsiteId: string) =>
    (await e.jobsite.get({ tenantId, jobsiteId }).go({ consistent: true })).data;
  /** The references a stored jobsite counts: none when it was stored before back-references. */
  const countedRefs = (item: JobsiteItem | null) =>
    item?.usesCounted ? refsOf(jobsiteFromItem(item)) : NO_REFS;

  /**
   * The jobsite, its notice slots and its back-references (jobsite-uses.ts) change in one
   * transaction, so the planner never sees a slot of a jobsite that is gone, paused or moved to
   * another zone, and a client, crew or worker delete never misses a jobsite naming it. The
   * back-reference items come first; a new jobsite also counts up (last item).
   */
  const writeJobsite = async (
    tenantId: string,
    j: Jobsite,
    change: { expectedUpdatedAt: string } | { max: number | null },
  ) => {
    const creating = 'max' in change;
    await backfill(tenantId);
    if (creating) await ensureCounter(db, tenantId, 'jobsite', jobsiteCounter(tenantId).countNow);
    const [stored, stale] = creating
      ? [null, []]
      : await Promise.all([storedItem(tenantId, j.id), storedSlotTimes(tenantId, j.id)]);
    if (!creating && stored?.updatedAt !== change.expectedUpdatedAt) throw changedMeanwhile();
    const next = refsOf(j);
    const slots = slotsOf(tenantId, j);
    const item = { ...jobsiteItem(tenantId, j), usesCounted: true };
    const refs = {
      previous: countedRefs(stored),
      next: { ...next, workerIds: j.recipients.workerIds },
      at: 0,
    };
    const result = await withUsesCounted(db, tenantId, j.id, refs, (uses) =>
      writeGuarded(db, (tx) => {
        const { jobsite, noticeSlot, zoneInUse, recordGuard } = tx;
        return [
          ...uses(tx),
          creating
            ? jobsite.create(item).commit()
            : jobsite
                .put(item)
                .where((a, op) =>
                  stored?.usesCounted
                    ? op.eq(a.updatedAt, change.expectedUpdatedAt)
                    : `${op.eq(a.updatedAt, change.expectedUpdatedAt)} AND ${op.notExists(a.usesCounted)}`,
                )
                .commit(),
          ...stale
            .filter((time) => !slots.some((s) => s.time === time))
            .map((time) => noticeSlot.delete({ tenantId, jobsiteId: j.id, time }).commit()),
          ...slots.map((slot) => noticeSlot.put(slot).commit()),
          ...(slots.length ? [zoneInUse.put({ timezone: j.timezone }).commit()] : []),
          ...(creating ? [countUp(recordGuard, tenantId, 'jobsite', change.max)] : []),
        ];
      }),
    );
    if (!result.canceled) return;
    const failed = failedItems(result);
    const itemCount = (result.data as unknown[]).length;
    if (creating && failed.includes(itemCount - 1)) throw new GuardRefusedError('limit');
    const reasons = (result.data as { code?: string }[]).map((d) => d?.code ?? '').join(',');
    throw Object.assign(new Error(`Jobsite write canceled: ${reasons}`), {
      name: failed.length ? 'ConditionalCheckFailedException' : 'TransactionCanceled',
    });
  };

  const indexes = indexesOf(db, {
    kind: 'jobsite',
    entity: e.jobsite,
    idAttribute: 'jobsiteId',
    gsis: {
      name: TABLE_KEYS.gsi1,
      createdAt: TABLE_KEYS.gsi2,
      updatedAt: TABLE_KEYS.gsi3,
    },
    // Rewritten with its marker: its back-references stay counted (jobsite-uses.ts).
    fromItem: (i: JobsiteItem) => ({ ...jobsiteFromItem(i), usesCounted: i.usesCounted }),
    toItem: (tenantId: string, j: Jobsite & { usesCounted?: boolean }) => ({
      ...jobsiteItem(tenantId, j),
      usesCounted: j.usesCounted,
    }),
  });
  const base = recordRepo<Jobsite>({
    ...tenantRecordReads(e.jobsite, 'jobsiteId', jobsiteFromItem, {
      ...indexes,
      // Marked first: the index keys' rewrite keeps the marker only of the items it reads marked.
      backfill: async (tenantId) => {
        await backfill(tenantId);
        await indexes.backfill(tenantId);
      },
    }),
    create: (tenantId, j) => writeJobsite(tenantId, j, { max: null }),
    putIfUnchanged: (tenantId, j, expected) => writeJobsite(tenantId, j, { expectedUpdatedAt: expected }),
    /**
     * A delete counts down and takes its back-references away, only while the jobsite is the version
     * read (read again when it changed); a jobsite already gone (a parallel delete) is left as it is.
     */
    remove: async (tenantId, jobsiteId) => {
      await backfill(tenantId);
      for (let attempt = 1; attempt <= DELETE_ATTEMPTS; attempt++) {
        const [stored, times] = await Promise.all([
          storedItem(tenantId, jobsiteId),
          storedSlotTimes(tenantId, jobsiteId),
        ]);
        if (!stored) return;
        const refs = { previous: countedRefs(stored), next: NO_REFS, at: 1 };
        const result = await withUsesCounted(db, tenantId, jobsiteId, refs, (uses) =>
          deleteCountedResult(db, jobsiteCounter(tenantId), (tx) => [
            tx.jobsite
              .delete({ tenantId, jobsiteId })
              .where((a, op) => op.eq(a.updatedAt, stored.updatedAt ?? ''))
              .commit(),
            ...uses(tx),
            ...times.map((time) => tx.noticeSlot.delete({ tenantId, jobsiteId, time }).commit()),
          ]),
        );
        assertGoneOrDeleted(result);
        const deleted = !failedItems(result).includes(0);
        if (deleted) return;
      }
      throw new Error('The jobsite kept changing while it was being deleted');
    },
  });
  /** ElectroDB splits the keys into BatchGetItem calls of 100 and retries what DynamoDB leaves unprocessed. */
  const getMany = async (refs: readonly JobsiteRef[]) => {
    const found = new Map<string, Jobsite>();
    if (refs.length === 0) return found;
    const { data, unprocessed } = await e.jobsite
      .get(refs.map((r) => ({ tenantId: tenantKey(r.tenant).tenantId, jobsiteId: r.id })))
      .go();
    if (unprocessed.length > 0) throw new Error(`${unprocessed.length} jobsites left unread by DynamoDB`);
    for (const item of data)
      found.set(
        jobsiteRefKey({ tenant: tenantFromStore(item.tenantId), id: item.jobsiteId }),
        jobsiteFromItem(item),
      );
    return found;
  };
  return {
    ...base,
    getMany,
    usesOf: async (tenant, kind, id, first) => {
      const { tenantId } = tenantKey(tenant);
      await backfill(tenantId);
      return usesOf(db, tenantId, kind, id, first);
    },
    createWithin: (tenant, jobsite, max) => writeJobsite(tenantKey(tenant).tenantId, jobsite, { max }),
  };
}
