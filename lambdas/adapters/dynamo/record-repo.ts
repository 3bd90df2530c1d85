import type { TenantId } from '../../core/caller';
import type { NamePageQuery, RecordRepo, StoredRecord } from '../../core/records/records.ports';
import type { RaincheckService } from './service';
import { tenantKey } from './tenant-keys';
import { writtenUnlessConditionFails } from './conditions';
import { existingIds, readNamePage, type NameIndexedEntity } from './record-pages';
import { nameIndexBackfill, type BackfilledEntity } from './name-index-backfill';
import { nameIndexed } from '../../core/records/record-search';

/** DynamoDB stores no nulls for optional attributes here: null is written as absent and read back as null. */
export const opt = <V>(value: V | null | undefined): V | undefined => value ?? undefined;
export const orNull = <V>(value: V | undefined): V | null => value ?? null;

/** The operations a tenant-scoped ElectroDB entity offers, bound to one record type. */
export interface EntityOps<T extends StoredRecord> {
  list(tenantId: string): Promise<T[]>;
  get(tenantId: string, id: string): Promise<T | null>;
  create(tenantId: string, record: T): Promise<unknown>;
  putIfUnchanged(tenantId: string, record: T, expectedUpdatedAt: string): Promise<unknown>;
  remove(tenantId: string, id: string): Promise<unknown>;
  existing?(tenantId: string, ids: readonly string[]): Promise<Set<string>>;
  namePage?(tenantId: string, page: NamePageQuery): Promise<{ items: T[]; next: string | null }>;
}

export function recordRepo<T extends StoredRecord>(ops: EntityOps<T>): RecordRepo<T> {
  return {
    list: (tenant: TenantId) => ops.list(tenantKey(tenant).tenantId),
    get: (tenant: TenantId, id: string) => ops.get(tenantKey(tenant).tenantId, id),
    create: async (tenant: TenantId, record: T) =>
      void (await ops.create(tenantKey(tenant).tenantId, record)),
    replace: async (tenant: TenantId, record: T, expectedUpdatedAt: string) => {
      return writtenUnlessConditionFails(() =>
        ops.putIfUnchanged(tenantKey(tenant).tenantId, record, expectedUpdatedAt),
      );
    },
    remove: async (tenant: TenantId, id: string) => void (await ops.remove(tenantKey(tenant).tenantId, id)),
    ...(ops.existing && {
      existing: (tenant: TenantId, ids: readonly string[]) => ops.existing!(tenantKey(tenant).tenantId, ids),
    }),
    ...(ops.namePage && {
      namePage: (tenant: TenantId, page: NamePageQuery) => ops.namePage!(tenantKey(tenant).tenantId, page),
    }),
  };
}

/** The entities of the one table, for the record repositories' item types. */
export type Db = RaincheckService['entities'];

/** Transactions hold at most 100 items; bulk writes go in such chunks. */
export const TRANSACTION_ITEMS = 100;

/**
 * What the reads of a tenant's records need of their entity: the `byTenant` index (one query reads
 * them all), a get by tenant and id, and batched gets. Methods, so any record entity fits whatever
 * its key's name.
 */
interface TenantRecordEntity<Item> {
  query: {
    byTenant(key: { tenantId: string }): { go(options: { pages: 'all' }): Promise<{ data: Item[] }> };
  };
  get(key: { tenantId: string }): { go(): Promise<{ data: Item | null }> };
}

/**
 * Where a record type's name index is (table.ts `byNameIndex`): its entity, the GSI's sort key, and
 * the backfill of the tenant's items written before it (name-index-backfill.ts).
 */
export interface NameIndex<Item> {
  entity: NameIndexedEntity<Item>;
  skField: string;
  backfill: (tenantId: string) => Promise<void>;
}

/**
 * The name index of one record type: `entity` (an ElectroDB record entity with `byName`), its GSI's
 * sort key, and how a record's index keys are made (its name and id, the fields a search reads).
 */
export function nameIndexOf<Item, T extends StoredRecord & { name: string }>(
  db: RaincheckService,
  spec: {
    kind: string;
    entity: unknown;
    skField: string;
    idAttribute: string;
    fromItem: (item: Item) => T;
    searchable: (record: T) => readonly (string | null | undefined)[];
  },
): NameIndex<Item> {
  const indexed = (item: Item) => {
    const record = spec.fromItem(item);
    return nameIndexed(record.name, record.id, spec.searchable(record));
  };
  const backfill = nameIndexBackfill(
    db,
    spec.kind,
    spec.entity as BackfilledEntity<Item & { nameKey?: string }>,
    (item) => {
      const key = item as Record<string, string>;
      return { tenantId: key.tenantId!, [spec.idAttribute]: key[spec.idAttribute]! };
    },
    indexed,
  );
  return { entity: spec.entity as NameIndexedEntity<Item>, skField: spec.skField, backfill };
}

/**
 * `list`, `get` and `existing` of one record type: its items read through `fromItem`, a missing one
 * as null; with its name index, `namePage` too.
 */
export function tenantRecordReads<Item, T extends StoredRecord>(
  entity: TenantRecordEntity<Item>,
  idAttribute: string,
  fromItem: (item: Item) => T,
  nameIndex?: NameIndex<Item>,
): Pick<EntityOps<T>, 'list' | 'get' | 'existing' | 'namePage'> {
  const batched = entity as unknown as Pick<NameIndexedEntity<Item>, 'get'>;
  return {
    list: async (tenantId) =>
      (await entity.query.byTenant({ tenantId }).go({ pages: 'all' })).data.map(fromItem),
    get: async (tenantId, id) => {
      const { data } = await entity.get({ tenantId, [idAttribute]: id }).go();
      return data ? fromItem(data) : null;
    },
    existing: (tenantId, ids) => existingIds(batched, idAttribute, tenantId, ids),
    ...(nameIndex && {
      namePage: async (tenantId: string, page: NamePageQuery) => {
        await nameIndex.backfill(tenantId);
        return readNamePage(nameIndex.entity, nameIndex.skField, tenantId, page, fromItem);
      },
    }),
  };
}
