import type { EntityItem } from 'electrodb';
import type { Client, Jobsite, Worker } from '../../../shared/records';
import type { Rule } from '../../../shared/weather/rule';
import type { TenantId } from '../../core/caller';
import type {
  RecordRepo,
  RecordsStore,
  StoredCrew,
  StoredRecord,
  WorkerRepo,
} from '../../core/records/records.ports';
import { gridCellKey } from '../../../shared/weather/grid-cell';
import type { RaincheckService } from './service';
import { tenantKey } from './tenant-keys';
import { isConditionFailure } from './conditions';

/** DynamoDB stores no nulls for optional attributes here: null is written as absent and read back as null. */
const opt = <V>(value: V | null | undefined): V | undefined => value ?? undefined;
const orNull = <V>(value: V | undefined): V | null => value ?? null;

/** The operations a tenant-scoped ElectroDB entity offers, bound to one record type. */
interface EntityOps<T extends StoredRecord> {
  list(tenantId: string): Promise<T[]>;
  get(tenantId: string, id: string): Promise<T | null>;
  create(tenantId: string, record: T): Promise<unknown>;
  putIfUnchanged(tenantId: string, record: T, expectedUpdatedAt: string): Promise<unknown>;
  remove(tenantId: string, id: string): Promise<unknown>;
}

function recordRepo<T extends StoredRecord>(ops: EntityOps<T>): RecordRepo<T> {
  return {
    list: (tenant: TenantId) => ops.list(tenantKey(tenant).tenantId),
    get: (tenant: TenantId, id: string) => ops.get(tenantKey(tenant).tenantId, id),
    create: async (tenant: TenantId, record: T) =>
      void (await ops.create(tenantKey(tenant).tenantId, record)),
    replace: async (tenant: TenantId, record: T, expectedUpdatedAt: string) => {
      try {
        await ops.putIfUnchanged(tenantKey(tenant).tenantId, record, expectedUpdatedAt);
        return true;
      } catch (err) {
        if (isConditionFailure(err)) return false;
        throw err;
      }
    },
    remove: async (tenant: TenantId, id: string) => void (await ops.remove(tenantKey(tenant).tenantId, id)),
  };
}

type Db = RaincheckService['entities'];
type ClientItem = EntityItem<Db['client']>;
type CrewItem = EntityItem<Db['crew']>;
type WorkerItem = EntityItem<Db['worker']>;
type JobsiteItem = EntityItem<Db['jobsite']>;

const clientFromItem = (i: ClientItem): Client => ({
  id: i.clientId,
  name: i.name,
  contactName: orNull(i.contactName),
  email: orNull(i.email),
  phone: orNull(i.phone),
  address: orNull(i.address),
  notes: orNull(i.notes),
  notifyNoWork: i.notifyNoWork,
  createdAt: i.createdAt,
  updatedAt: i.updatedAt,
});
const clientItem = (tenantId: string, c: Client) => ({
  tenantId,
  clientId: c.id,
  name: c.name,
  contactName: opt(c.contactName),
  email: opt(c.email),
  phone: opt(c.phone),
  address: opt(c.address),
  notes: opt(c.notes),
  notifyNoWork: c.notifyNoWork,
  createdAt: c.createdAt,
  updatedAt: c.updatedAt,
});

const crewFromItem = (i: CrewItem): StoredCrew => ({
  id: i.crewId,
  name: i.name,
  notes: orNull(i.notes),
  hourlyRateCents: i.hourlyRateCents ?? null,
  createdAt: i.createdAt,
  updatedAt: i.updatedAt,
});
const crewItem = (tenantId: string, c: StoredCrew) => ({
  tenantId,
  crewId: c.id,
  name: c.name,
  notes: opt(c.notes),
  hourlyRateCents: c.hourlyRateCents ?? undefined,
  createdAt: c.createdAt,
  updatedAt: c.updatedAt,
});

const workerFromItem = (i: WorkerItem): Worker => ({
  id: i.workerId,
  name: i.name,
  email: i.email,
  phone: orNull(i.phone),
  trade: orNull(i.trade),
  crewIds: i.crewIds ?? [],
  isManager: i.isManager,
  status: i.status,
  createdAt: i.createdAt,
  updatedAt: i.updatedAt,
});
const workerItem = (tenantId: string, w: Worker) => ({
  tenantId,
  workerId: w.id,
  name: w.name,
  email: w.email,
  phone: opt(w.phone),
  trade: opt(w.trade),
  crewIds: w.crewIds,
  isManager: w.isManager,
  status: w.status,
  createdAt: w.createdAt,
  updatedAt: w.updatedAt,
});

const jobsiteFromItem = (i: JobsiteItem): Jobsite => ({
  id: i.jobsiteId,
  name: i.name,
  address: orNull(i.address),
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
  createdAt: i.createdAt ?? '',
  updatedAt: i.updatedAt ?? '',
});
const jobsiteItem = (tenantId: string, j: Jobsite) => ({
  tenantId,
  jobsiteId: j.id,
  name: j.name,
  address: opt(j.address),
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
  createdAt: j.createdAt,
  updatedAt: j.updatedAt,
});

/** Transactions hold at most 100 items; an import is written in such chunks and undone on failure. */
const TRANSACTION_ITEMS = 100;

export function createRecordsStore(db: RaincheckService): RecordsStore {
  const e = db.entities;
  const clients = recordRepo<Client>({
    list: async (tenantId) =>
      (await e.client.query.byTenant({ tenantId }).go({ pages: 'all' })).data.map(clientFromItem),
    get: async (tenantId, clientId) => {
      const { data } = await e.client.get({ tenantId, clientId }).go();
      return data ? clientFromItem(data) : null;
    },
    create: (tenantId, c) => e.client.create(clientItem(tenantId, c)).go(),
    putIfUnchanged: (tenantId, c, expected) =>
      e.client
        .put(clientItem(tenantId, c))
        .where((a, op) => op.eq(a.updatedAt, expected))
        .go(),
    remove: (tenantId, clientId) => e.client.delete({ tenantId, clientId }).go(),
  });
  const crews = recordRepo<StoredCrew>({
    list: async (tenantId) =>
      (await e.crew.query.byTenant({ tenantId }).go({ pages: 'all' })).data.map(crewFromItem),
    get: async (tenantId, crewId) => {
      const { data } = await e.crew.get({ tenantId, crewId }).go();
      return data ? crewFromItem(data) : null;
    },
    create: (tenantId, c) => e.crew.create(crewItem(tenantId, c)).go(),
    putIfUnchanged: (tenantId, c, expected) =>
      e.crew
        .put(crewItem(tenantId, c))
        .where((a, op) => op.eq(a.updatedAt, expected))
        .go(),
    remove: (tenantId, crewId) => e.crew.delete({ tenantId, crewId }).go(),
  });
  const workerBase = recordRepo<Worker>({
    list: async (tenantId) =>
      (await e.worker.query.byTenant({ tenantId }).go({ pages: 'all' })).data.map(workerFromItem),
    get: async (tenantId, workerId) => {
      const { data } = await e.worker.get({ tenantId, workerId }).go();
      return data ? workerFromItem(data) : null;
    },
    create: (tenantId, w) => e.worker.create(workerItem(tenantId, w)).go(),
    putIfUnchanged: (tenantId, w, expected) =>
      e.worker
        .put(workerItem(tenantId, w))
        .where((a, op) => op.eq(a.updatedAt, expected))
        .go(),
    remove: (tenantId, workerId) => e.worker.delete({ tenantId, workerId }).go(),
  });
  const workers: WorkerRepo = {
    ...workerBase,
    async createMany(tenant, newWorkers, newCrews) {
      const { tenantId } = tenantKey(tenant);
      const writes = [
        ...newCrews.map((c) => ({ kind: 'crew' as const, item: crewItem(tenantId, c) })),
        ...newWorkers.map((w) => ({ kind: 'worker' as const, item: workerItem(tenantId, w) })),
      ];
      const written: typeof writes = [];
      try {
        for (let i = 0; i < writes.length; i += TRANSACTION_ITEMS) {
          const chunk = writes.slice(i, i + TRANSACTION_ITEMS);
          const result = await db.transaction
            .write(({ crew, worker }) =>
              chunk.map((w) =>
                w.kind === 'crew'
                  ? crew.create(w.item).commit()
                  : worker.create(w.item as ReturnType<typeof workerItem>).commit(),
              ),
            )
            .go();
          if (result.canceled) throw new Error('The import transaction was canceled');
          written.push(...chunk);
        }
      } catch (err) {
        // All or nothing: undo the chunks already written before reporting the failure.
        for (const w of written) {
          if (w.kind === 'crew')
            await e.crew.delete({ tenantId, crewId: (w.item as ReturnType<typeof crewItem>).crewId }).go();
          else
            await e.worker
              .delete({ tenantId, workerId: (w.item as ReturnType<typeof workerItem>).workerId })
              .go();
        }
        throw err;
      }
    },
  };
  /** A jobsite's notice slots: one per notice time while it is active, none while it is paused. */
  const slotsOf = (tenantId: string, j: Jobsite) =>
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
  const storedSlotTimes = async (tenantId: string, jobsiteId: string) =>
    (await e.noticeSlot.query.byJobsite({ tenantId, jobsiteId }).go({ pages: 'all' })).data.map(
      (n) => n.time,
    );

  /**
   * The jobsite and its notice slots change in one transaction, so the planner never sees a slot of
   * a jobsite that is gone, paused or moved to another zone.
   */
  const writeJobsite = async (tenantId: string, j: Jobsite, expectedUpdatedAt: string | null) => {
    const slots = slotsOf(tenantId, j);
    const stale = expectedUpdatedAt === null ? [] : await storedSlotTimes(tenantId, j.id);
    const result = await db.transaction
      .write(({ jobsite, noticeSlot, zoneInUse }) => [
        expectedUpdatedAt === null
          ? jobsite.create(jobsiteItem(tenantId, j)).commit()
          : jobsite
              .put(jobsiteItem(tenantId, j))
              .where((a, op) => op.eq(a.updatedAt, expectedUpdatedAt))
              .commit(),
        ...stale
          .filter((time) => !slots.some((s) => s.time === time))
          .map((time) => noticeSlot.delete({ tenantId, jobsiteId: j.id, time }).commit()),
        ...slots.map((slot) => noticeSlot.put(slot).commit()),
        ...(slots.length ? [zoneInUse.put({ timezone: j.timezone }).commit()] : []),
      ])
      .go();
    if (result.canceled) {
      const reasons = result.data.map((d) => (d as { code?: string }).code ?? '').join(',');
      throw Object.assign(new Error(`Jobsite write canceled: ${reasons}`), {
        name: reasons.includes('ConditionalCheckFailed')
          ? 'ConditionalCheckFailedException'
          : 'TransactionCanceled',
      });
    }
  };

  const jobsites = recordRepo<Jobsite>({
    list: async (tenantId) =>
      (await e.jobsite.query.byTenant({ tenantId }).go({ pages: 'all' })).data.map(jobsiteFromItem),
    get: async (tenantId, jobsiteId) => {
      const { data } = await e.jobsite.get({ tenantId, jobsiteId }).go();
      return data ? jobsiteFromItem(data) : null;
    },
    create: (tenantId, j) => writeJobsite(tenantId, j, null),
    putIfUnchanged: (tenantId, j, expected) => writeJobsite(tenantId, j, expected),
    remove: async (tenantId, jobsiteId) => {
      const times = await storedSlotTimes(tenantId, jobsiteId);
      await db.transaction
        .write(({ jobsite, noticeSlot }) => [
          jobsite.delete({ tenantId, jobsiteId }).commit(),
          ...times.map((time) => noticeSlot.delete({ tenantId, jobsiteId, time }).commit()),
        ])
        .go();
    },
  });
  return { clients, crews, workers, jobsites };
}
