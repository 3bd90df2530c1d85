import type { Client, Crew, Jobsite, Worker } from '../../../shared/records';
import type { TenantId } from '../caller';
import type { IdempotencyStore } from './idempotency.ports';

/** A stored record of a tenant: the server chooses `id`; `updatedAt` guards concurrent updates. */
export interface StoredRecord {
  id: string;
  createdAt: string;
  updatedAt: string;
}

/** Every method is scoped to one tenant; a record of another tenant is simply not there. */
export interface RecordRepo<T extends StoredRecord> {
  list(tenant: TenantId): Promise<T[]>;
  get(tenant: TenantId, id: string): Promise<T | null>;
  /** Writes a new record; throws if the id is taken. */
  create(tenant: TenantId, record: T): Promise<void>;
  /** Writes only if the stored record still has `expectedUpdatedAt`; false when it changed or is gone. */
  replace(tenant: TenantId, record: T, expectedUpdatedAt: string): Promise<boolean>;
  remove(tenant: TenantId, id: string): Promise<void>;
  /**
   * Of `ids`, those the tenant has: batched gets (BatchGetItem), so checking a jobsite's references
   * costs the same in an account of 20 workers or 20,000. Absent in unit-test fakes (the caller
   * then reads `list`).
   */
  existing?(tenant: TenantId, ids: readonly string[]): Promise<Set<string>>;
  /**
   * The sort fields `sortedPage` reads from the table's indexes (name, createdAt...); lists in other
   * sorts are paged in memory. Absent for record types without indexes (crews) and in fakes.
   */
  readonly indexedSorts?: readonly string[];
  /**
   * A page in the order of `field` read from the table's index after `after` (an index key), searched
   * within SEARCH_BOUND when `needle` is set. `next` is the key to resume from, null at the end.
   */
  sortedPage?(tenant: TenantId, page: SortedPageQuery): Promise<{ items: T[]; next: string | null }>;
}

/** What `sortedPage` reads: in which order, after which key, which way, for what text ('' for all). */
export interface SortedPageQuery {
  field: string;
  after: string | null;
  descending: boolean;
  needle: string;
  limit: number;
}

/** A crew as stored: its members are the workers whose `crewIds` name it. */
export type StoredCrew = Omit<Crew, 'workerIds'>;

/**
 * A write refused by its condition in the store: the plan's limit is reached (`limit`), or another
 * record holds the unique value (`unique`). Nothing was written.
 */
export class GuardRefusedError extends Error {
  constructor(readonly reason: 'limit' | 'unique') {
    super(reason === 'limit' ? 'The limit is reached' : 'The value is taken');
  }
}

/** A worker an import changes: written only if still `previous` (its updatedAt), put back on failure. */
export interface WorkerUpdate {
  next: Worker;
  previous: Worker;
}

/**
 * Workers' emails are unique per account: `create` and `replace` throw GuardRefusedError('unique')
 * when another worker holds the email, even under parallel requests.
 */
export interface WorkerRepo extends RecordRepo<Worker> {
  /**
   * Writes the new workers, the updated ones and the crews they bring, all of them or none:
   * 'changed' when a worker changed since it was read, 'crewsChanged' when a crew they join was
   * deleted meanwhile, GuardRefusedError('unique') when an email was taken meanwhile.
   */
  importMany(
    tenant: TenantId,
    batch: { created: Worker[]; updated: WorkerUpdate[]; crews: StoredCrew[] },
  ): Promise<'written' | 'changed' | 'crewsChanged'>;
  /**
   * The ids of the tenant's workers with this email, through the email index (one query, whatever
   * the account's size). Absent in fakes: the caller then reads `list`.
   */
  idsWithEmail?(tenant: TenantId, email: string): Promise<string[]>;
  /**
   * The tenant's workers holding these emails, keyed by the lowercased email: read by key in calls
   * proportional to the emails asked, whatever the account's size. Absent in fakes: the caller then
   * reads `list`.
   */
  withEmails?(tenant: TenantId, emails: readonly string[]): Promise<Map<string, Worker>>;
  /**
   * The tenant's workers of these ids, by key (BatchGetItem), whatever the account's size; an id the
   * tenant does not have is absent. Absent in fakes: the caller then reads `list`.
   */
  getMany?(tenant: TenantId, ids: readonly string[]): Promise<Map<string, Worker>>;
  /**
   * The ids of each crew's workers, in id order, read per crew (one query each) whatever the account's
   * size. Absent in fakes: the caller then reads `list`.
   */
  crewMembers?(tenant: TenantId, crewIds: readonly string[]): Promise<Map<string, string[]>>;
}

/** The records a jobsite names: its client, its crews and its workers (the foreman is one). */
export type ReferencedKind = 'client' | 'crew' | 'worker';

/**
 * A client's or crew's delete that holds under parallel jobsite writes: 'removed', or 'used' (a
 * jobsite names it; nothing deleted), or 'gone' (it was not there). Absent in fakes: the caller then
 * reads the jobsites.
 */
export interface RemovedUnlessUsed {
  removeUnused?(tenant: TenantId, id: string): Promise<'removed' | 'used' | 'gone'>;
}

/** Jobsites count against the plan: `createWithin` refuses (GuardRefusedError('limit')) at `max`. */
export interface JobsiteRepo extends RecordRepo<Jobsite> {
  /** `max`: the plan's limit, null for none. */
  createWithin(tenant: TenantId, jobsite: Jobsite, max: number | null): Promise<void>;
  /**
   * Jobsites of any accounts in as few reads as the store allows (DynamoDB: BatchGetItem, 100 keys a
   * call), keyed `jobsiteRefKey`; missing ones are absent. The dispatch reads a batch's jobsites so.
   * Optional: stores without it are read one jobsite at a time.
   */
  getMany?(refs: readonly JobsiteRef[]): Promise<Map<string, Jobsite>>;
  /**
   * How many jobsites name the record and the first `first` of their ids in id order (all of them
   * without `first`), from back-reference items: bounded by the uses, not the account's size.
   * Absent in fakes: the caller then reads `list`.
   */
  usesOf?(
    tenant: TenantId,
    kind: ReferencedKind,
    id: string,
    first?: number,
  ): Promise<{ count: number; jobsiteIds: string[] }>;
}

/** One jobsite of one account, as a batch read names it. */
export interface JobsiteRef {
  tenant: TenantId;
  id: string;
}
export const jobsiteRefKey = (r: JobsiteRef): string => `${r.tenant}|${r.id}`;

/** Clients: the dispatch reads those of a batch's jobsites, of many accounts, together. */
export interface ClientRepo extends RecordRepo<Client>, RemovedUnlessUsed {
  /**
   * Clients of any accounts in as few reads as the store allows (BatchGetItem, 100 keys a call),
   * keyed `jobsiteRefKey` (account and id); missing ones are absent. Absent in fakes (the caller
   * then reads each account's `list`).
   */
  getMany?(refs: readonly JobsiteRef[]): Promise<Map<string, Client>>;
}

export interface RecordsStore {
  clients: ClientRepo;
  crews: RecordRepo<StoredCrew> & RemovedUnlessUsed;
  workers: WorkerRepo;
  jobsites: JobsiteRepo;
  /** The creates' `Idempotency-Key` records; absent in stores built without them (unit-test fakes). */
  idempotency?: IdempotencyStore;
}
