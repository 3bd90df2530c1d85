import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

/**
 * The single table (DESIGN §4): `pk`/`sk`, GSIs `gsi1`, `gsi2` and `gsi3`, TTL on `expiresAt`.
 * Tenant data is always keyed by the verified token's `sub` (see tenant-keys.ts).
 */
export const TABLE_KEYS = {
  pk: 'pk',
  sk: 'sk',
  gsi1: { name: 'gsi1', pk: 'gsi1pk', sk: 'gsi1sk' },
  gsi2: { name: 'gsi2', pk: 'gsi2pk', sk: 'gsi2sk' },
  /** Added for the records' `updatedAt` order (issue 26 item 9); items written before it get keys on first use. */
  gsi3: { name: 'gsi3', pk: 'gsi3pk', sk: 'gsi3sk' },
  ttl: 'expiresAt',
} as const;

export const SERVICE = 'raincheck';

/**
 * The constant gsi2 partition of one kind of item, read whole by the admin metrics
 * (docs/metrics.md): one query per kind, never a scan.
 */
export function metricsPartition(kind: 'profile' | 'subscription' | 'billingEntry') {
  return { field: TABLE_KEYS.gsi2.pk, casing: 'none', composite: [], template: `metrics#${kind}` } as const;
}

/**
 * The index of an account's records of one kind (clients, crews, workers, jobsites, templates): the
 * tenant's partition, the record's id as the sort key, so one query reads them all.
 */
export function byTenantIndex<Id extends string>(idAttribute: Id) {
  return {
    pk: { field: TABLE_KEYS.pk, composite: ['tenantId'] },
    sk: { field: TABLE_KEYS.sk, composite: [idAttribute] },
  } as const;
}

/**
 * The index of an account's records of one kind in name order (issue 26 item 9): a partition per
 * tenant and kind on a GSI (no other item shares it, so a key range reads only this kind), with
 * `nameKey` (core/records/record-search.ts) as the sort key, kept as written. List pages and
 * searches read it with a cursor. Items written before it lack the key and are not in it until
 * rewritten.
 */
export function byNameIndex<K extends string>(gsi: TableGsi, kind: K) {
  return {
    index: gsi.name,
    pk: { field: gsi.pk, composite: ['tenantId'], casing: 'none', template: `names#${kind}#\${tenantId}` },
    sk: { field: gsi.sk, composite: ['nameKey'], casing: 'none' },
  } as const;
}

/** One of the table's global secondary indexes. */
export type TableGsi = (typeof TABLE_KEYS)['gsi1' | 'gsi2' | 'gsi3'];

/**
 * The index of an account's records of one kind in order of a stamp (`createdAt`, `updatedAt`), ties
 * by id (issue 26 item 9): a partition per tenant, stamp and kind; the sort key the stamp then the
 * id, both as written. Every put writes it; a stamp-only patch (a worker's status) moves it too.
 */
export function byStampIndex<K extends string, S extends 'createdAt' | 'updatedAt', Id extends string>(
  gsi: TableGsi,
  kind: K,
  stamp: S,
  idAttribute: Id,
) {
  return {
    index: gsi.name,
    pk: { field: gsi.pk, composite: ['tenantId'], casing: 'none', template: `${stamp}#${kind}#\${tenantId}` },
    sk: { field: gsi.sk, composite: [stamp, idAttribute], casing: 'none' },
  } as const;
}

/** The attributes `byNameIndex` and its search read: absent on items written before it. */
export const NAME_INDEXED = {
  nameKey: { type: 'string' },
  searchText: { type: 'string' },
} as const;

/** When an account's record was created (never rewritten) and last changed (the update guard reads it). */
export const RECORD_STAMPS = {
  createdAt: { type: 'string', required: true, readOnly: true },
  updatedAt: { type: 'string', required: true },
} as const;

/** The index of a user's one item of a kind (profile, subscription, last sign-in): their partition, alone. */
export function byUserIndex() {
  return {
    pk: { field: TABLE_KEYS.pk, composite: ['userId'] },
    sk: { field: TABLE_KEYS.sk, composite: [] },
  } as const;
}

/** Every item of one kind on its constant gsi2 partition (`metricsPartition`), sorted by `sortBy`. */
export function metricsIndex<K extends string>(
  kind: 'profile' | 'subscription' | 'billingEntry',
  sortBy: readonly K[],
) {
  return {
    index: TABLE_KEYS.gsi2.name,
    pk: metricsPartition(kind),
    sk: { field: TABLE_KEYS.gsi2.sk, casing: 'none', composite: sortBy },
  } as const;
}

/** What every entity factory is given: the table and the one document client of the process. */
export interface EntityConfig {
  table: string;
  client: DynamoDBDocumentClient;
}

/**
 * A jobsite's working day (local date, YYYY-MM-DD), the unit the dispatch judges: decisions, message
 * claims and held messages are kept per jobsite day.
 */
export const JOBSITE_DAY = {
  tenantId: { type: 'string', required: true },
  jobsiteId: { type: 'string', required: true },
  workDate: { type: 'string', required: true },
} as const;

/** A jobsite day at one of its notice times, in its zone and forecast grid cell: what a run judges. */
export const JOBSITE_DAY_SLOT = {
  ...JOBSITE_DAY,
  noticeTime: { type: 'string', required: true },
  timezone: { type: 'string', required: true },
  cell: { type: 'string' },
} as const;

/** The index of a tenant's items per jobsite day (then `more`, for several items a day). */
export function byJobsiteDayIndex<More extends string = never>(...more: More[]) {
  return {
    pk: { field: TABLE_KEYS.pk, casing: 'none', composite: ['tenantId'] },
    sk: { field: TABLE_KEYS.sk, casing: 'none', composite: ['jobsiteId', 'workDate', ...more] },
  } as const;
}
