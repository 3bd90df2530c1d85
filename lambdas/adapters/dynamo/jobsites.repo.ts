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
  deleteCounted,
  ensureCounter,
  failedItems,
  writeGuarded,
  type Counted,
} from './record-guards';

type JobsiteItem = EntityItem<Db['jobsite']>;

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

  /**
   * The jobsite and its notice slots change in one transaction, so the planner never sees a slot of
   * a jobsite that is gone, paused or moved to another zone. A new jobsite also counts up (last item).
   */
  const writeJobsite = async (
    tenantId: string,
    j: Jobsite,
    change: { expectedUpdatedAt: string } | { max: number | null },
  ) => {
    const creating = 'max' in change;
    if (creating) await ensureCounter(db, tenantId, 'jobsite', jobsiteCounter(tenantId).countNow);
    const slots = slotsOf(tenantId, j);
    const stale = creating ? [] : await storedSlotTimes(tenantId, j.id);
    const result = await writeGuarded(db, ({ jobsite, noticeSlot, zoneInUse, recordGuard }) => [
      creating
        ? jobsite.create(jobsiteItem(tenantId, j)).commit()
        : jobsite
            .put(jobsiteItem(tenantId, j))
            .where((a, op) => op.eq(a.updatedAt, change.expectedUpdatedAt))
            .commit(),
      ...stale
        .filter((time) => !slots.some((s) => s.time === time))
        .map((time) => noticeSlot.delete({ tenantId, jobsiteId: j.id, time }).commit()),
      ...slots.map((slot) => noticeSlot.put(slot).commit()),
      ...(slots.length ? [zoneInUse.put({ timezone: j.timezone }).commit()] : []),
      ...(creating ? [countUp(recordGuard, tenantId, 'jobsite', change.max)] : []),
    ]);
    if (!result.canceled) return;
    const failed = failedItems(result);
    const itemCount = (result.data as unknown[]).length;
    if (creating && failed.includes(itemCount - 1)) throw new GuardRefusedError('limit');
    const reasons = (result.data as { code?: string }[]).map((d) => d?.code ?? '').join(',');
    throw Object.assign(new Error(`Jobsite write canceled: ${reasons}`), {
      name: failed.length ? 'ConditionalCheckFailedException' : 'TransactionCanceled',
    });
  };

  const base = recordRepo<Jobsite>({
    ...tenantRecordReads(
      e.jobsite,
      'jobsiteId',
      jobsiteFromItem,
      indexesOf(db, {
        kind: 'jobsite',
        entity: e.jobsite,
        idAttribute: 'jobsiteId',
        gsis: {
          name: TABLE_KEYS.gsi1,
          createdAt: TABLE_KEYS.gsi2,
          updatedAt: TABLE_KEYS.gsi3,
        },
        fromItem: jobsiteFromItem,
        toItem: jobsiteItem,
      }),
    ),
    create: (tenantId, j) => writeJobsite(tenantId, j, { max: null }),
    putIfUnchanged: (tenantId, j, expected) => writeJobsite(tenantId, j, { expectedUpdatedAt: expected }),
    /** A delete counts down; a jobsite already gone (a parallel delete) is left as it is. */
    remove: async (tenantId, jobsiteId) => {
      const times = await storedSlotTimes(tenantId, jobsiteId);
      await deleteCounted(db, jobsiteCounter(tenantId), ({ jobsite, noticeSlot }) => [
        jobsite
          .delete({ tenantId, jobsiteId })
          .where((a, op) => op.exists(a.jobsiteId))
          .commit(),
        ...times.map((time) => noticeSlot.delete({ tenantId, jobsiteId, time }).commit()),
      ]);
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
    createWithin: (tenant, jobsite, max) => writeJobsite(tenantKey(tenant).tenantId, jobsite, { max }),
  };
}
