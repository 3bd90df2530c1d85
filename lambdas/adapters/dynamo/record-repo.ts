import type { TenantId } from '../../core/caller';
import type { SortedPageQuery, RecordRepo, StoredRecord } from '../../core/records/records.ports';
import type { RaincheckService } from './service';
import { tenantKey } from './tenant-keys';
import { writtenUnlessConditionFails } from './conditions';
import { existingIds, readIndexPage, type IndexOrder, type OrderedEntity } from './record-pages';
import { indexKeysBackfill, type BackfilledEntity } from './index-keys-backfill';
import type { TableGsi } from './entities/table';

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
  indexedSorts?: readonly string[];
  sortedPage?(tenantId: string, page: SortedPageQuery): Promise<{ items: T[]; next: string | null }>;
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
    ...(ops.sortedPage && {
      indexedSorts: ops.indexedSorts,
      sortedPage: (tenant: TenantId, page: SortedPageQuery) =>
        ops.sortedPage!(tenantKey(tenant).tenantId, page),
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
    byTenant(key: { tenantId: string }): {
      go(options: { pages: 'all'; attributes?: readonly string[] }): Promise<{ data: Item[] }>;
    };
  };
  get(key: { tenantId: string }): { go(): Promise<{ data: Item | null }> };
}

/**
 * A record type's ordered indexes (table.ts `byNameIndex`, `byStampIndex`): its entity, the order of
 * each sort field it has an index for, and the backfill of the tenant's items written before them.
 */
export interface RecordIndexes<Item> {
  entity: OrderedEntity<Item>;
  orders: Readonly<Record<string, IndexOrder>>;
  backfill: (tenantId: string) => Promise<void>;
}

/**
 * The orders of a record type whose id is `idAttribute`: `name` through `byName` on `name`'s GSI,
 * and each stamp given through `byCreated` / `byUpdated` on its GSI.
 */
function recordOrders(
  idAttribute: string,
  gsis: { name: TableGsi; createdAt?: TableGsi; updatedAt?: TableGsi },
): Record<string, IndexOrder> {
  const orders: Record<string, IndexOrder> = {
    name: { access: 'byName', composite: ['nameKey'], gsi: gsis.name },
  };
  if (gsis.createdAt)
    orders.createdAt = { access: 'byCreated', composite: ['createdAt', idAttribute], gsi: gsis.createdAt };
  if (gsis.updatedAt)
    orders.updatedAt = { access: 'byUpdated', composite: ['updatedAt', idAttribute], gsi: gsis.updatedAt };
  return orders;
}

/**
 * The ordered indexes of one record type: `entity` (an ElectroDB record entity), the GSI of each of
 * its orders (`recordOrders`), and how a stored record is written whole (`toItem`: the item with its
 * index attributes), which the backfill uses to give items written before the indexes their keys.
 */
export function indexesOf<Item extends { updatedAt?: string }, T extends StoredRecord>(
  db: RaincheckService,
  spec: {
    kind: string;
    entity: unknown;
    idAttribute: string;
    gsis: Parameters<typeof recordOrders>[1];
    fromItem: (item: Item) => T;
    toItem: (tenantId: string, record: T) => object;
  },
): RecordIndexes<Item> {
  const orders = recordOrders(spec.idAttribute, spec.gsis);
  // Indexed: every order's partition key written, and every attribute of its sort key present.
  const needed = Object.values(orders).flatMap((order) => [order.gsi.pk, ...order.composite]);
  const backfill = indexKeysBackfill(
    db,
    spec.kind,
    spec.entity as BackfilledEntity<Item>,
    (item) => needed.every((field) => (item as Record<string, unknown>)[field]),
    (item) => spec.toItem((item as { tenantId?: string }).tenantId ?? '', spec.fromItem(item)),
  );
  return { entity: spec.entity as OrderedEntity<Item>, orders, backfill };
}

/**
 * `list`, `get` and `existing` of one record type: its items read through `fromItem`, a missing one
 * as null; with its ordered indexes, `sortedPage` too. `listed`: the attributes `fromItem` reads,
 * when the items hold more (index keys, search fields): `list` then reads only those (the dispatch
 * lists an account's workers in every batch that has one of its jobsites).
 */
export function tenantRecordReads<Item, T extends StoredRecord>(
  entity: TenantRecordEntity<Item>,
  idAttribute: string,
  fromItem: (item: Item) => T,
  indexes?: RecordIndexes<Item>,
  listed?: readonly (keyof Item & string)[],
): Pick<EntityOps<T>, 'list' | 'get' | 'existing' | 'indexedSorts' | 'sortedPage'> {
  const batched = entity as unknown as Pick<OrderedEntity<Item>, 'get'>;
  const listing = { pages: 'all', ...(listed ? { attributes: listed } : {}) } as const;
  return {
    list: async (tenantId) => (await entity.query.byTenant({ tenantId }).go(listing)).data.map(fromItem),
    get: async (tenantId, id) => {
      const { data } = await entity.get({ tenantId, [idAttribute]: id }).go();
      return data ? fromItem(data) : null;
    },
    existing: (tenantId, ids) => existingIds(batched, idAttribute, tenantId, ids),
    ...(indexes && {
      indexedSorts: Object.keys(indexes.orders),
      sortedPage: async (tenantId: string, page: SortedPageQuery) => {
        await indexes.backfill(tenantId);
        return readIndexPage(indexes.entity, indexes.orders[page.field]!, tenantId, page, fromItem);
      },
    }),
  };
}
