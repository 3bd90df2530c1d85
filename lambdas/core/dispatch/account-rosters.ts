import type { Worker } from '../../../shared/records';
import type { TenantId } from '../caller';
import type { SuppressionList, SuppressionReason } from '../email/email.ports';

/**
 * What the store says of an account before its lists are read (adapters/dynamo account-roster):
 * `workers`, the roster version every write of one of its workers bumps (0 before the first);
 * `suppressions`, 'some' once an address was suppressed, 'none' once a read found none, null when
 * not known yet (an account stored before this state existed).
 */
export interface AccountRosterState {
  workers: number;
  suppressions: 'some' | 'none' | null;
}

const UNKNOWN: AccountRosterState = { workers: 0, suppressions: null };

export interface AccountRosterStore {
  /** The states of these accounts, in one batched read; an account without one is absent. */
  statesOf(tenants: readonly TenantId[]): Promise<Map<string, AccountRosterState>>;
  /**
   * Records that the account has no suppressed address, only while nothing is recorded: an address
   * suppressed meanwhile has set 'some' first, and then this records nothing.
   */
  recordNoSuppressions(tenant: TenantId): Promise<void>;
  /**
   * The account's workers, read so that every write acknowledged before the read is in them (a
   * strongly consistent read): kept for the version read before it, they are never older than it.
   */
  workersOf(tenant: TenantId): Promise<Worker[]>;
}

/** What the dispatch reads of accounts' rosters, and the workers the process keeps (built once per process). */
export interface DispatchRosters {
  store: AccountRosterStore;
  kept: WorkerRosters;
}

/**
 * How many workers a process keeps, over all the accounts it holds (least recently used accounts
 * go first): ~0.4 KB each in the heap (measured: 19.4 MB for 50,000 parsed worker objects), so
 * ~20 MB of the dispatch worker's 1,024 MB at most, and the bench's whole 10,000-jobsite world
 * (48,400 workers) fits.
 */
export const ROSTER_WORKERS_KEPT = 50_000;

interface Kept {
  version: number;
  workers: readonly Worker[];
}

/**
 * Each account's workers, kept in the process (a worker Lambda takes several batches of a run, and
 * the next slot's while warm) for the roster version they were read at: a batch reads the versions
 * of its accounts and lists only those whose version moved. Bounded by `maxWorkers` over all
 * accounts, least recently used first out. Two batches in flight that miss the same account at the
 * same version share one read.
 */
export class WorkerRosters {
  private readonly kept = new Map<string, Kept>();
  private readonly reading = new Map<string, { version: number; read: Promise<readonly Worker[]> }>();
  private held = 0;

  constructor(
    private readonly store: Pick<AccountRosterStore, 'workersOf'>,
    private readonly maxWorkers = ROSTER_WORKERS_KEPT,
  ) {}

  /** The account's workers at `version` (or newer): kept ones when the version is the one kept. */
  async workersOf(tenant: TenantId, version: number): Promise<readonly Worker[]> {
    const kept = this.kept.get(tenant);
    if (kept?.version === version) {
      // Most recently used goes last (a Map keeps insertion order).
      this.kept.delete(tenant);
      this.kept.set(tenant, kept);
      return kept.workers;
    }
    const pending = this.reading.get(tenant);
    if (pending?.version === version) return pending.read;
    const read = this.store.workersOf(tenant).then((workers) => Object.freeze(workers));
    this.reading.set(tenant, { version, read });
    try {
      const workers = await read;
      this.keep(tenant, { version, workers });
      return workers;
    } finally {
      if (this.reading.get(tenant)?.read === read) this.reading.delete(tenant);
    }
  }

  /** How many accounts and workers the process holds now. */
  size(): { accounts: number; workers: number } {
    return { accounts: this.kept.size, workers: this.held };
  }

  private keep(tenant: string, entry: Kept): void {
    const old = this.kept.get(tenant);
    // A newer version kept meanwhile (by a later batch) stays.
    if (old && old.version > entry.version) return;
    if (old) this.drop(tenant, old);
    if (entry.workers.length > this.maxWorkers) return;
    this.kept.set(tenant, entry);
    this.held += entry.workers.length;
    for (const [oldest, kept] of this.kept) {
      if (this.held <= this.maxWorkers) break;
      this.drop(oldest, kept);
    }
  }

  private drop(tenant: string, kept: Kept): void {
    this.kept.delete(tenant);
    this.held -= kept.workers.length;
  }
}

/**
 * The account's suppressed addresses: none without a read when the store knows it has none; read
 * when it has some, or when that is not known yet (then a read that finds none records it, so the
 * next batches skip the read).
 */
export async function suppressionsOf(
  tenant: TenantId,
  state: AccountRosterState | undefined,
  deps: {
    rosters: Pick<AccountRosterStore, 'recordNoSuppressions'>;
    suppressions: Pick<SuppressionList, 'reasonsOf'>;
  },
): Promise<Map<string, SuppressionReason>> {
  const known = (state ?? UNKNOWN).suppressions;
  if (known === 'none') return new Map();
  const reasons = await deps.suppressions.reasonsOf(tenant);
  if (known === null && reasons.size === 0) await deps.rosters.recordNoSuppressions(tenant);
  return reasons;
}

/** An account's state, or the unknown one when the store holds none for it. */
export const rosterStateOf = (states: ReadonlyMap<string, AccountRosterState>, tenant: string) =>
  states.get(tenant) ?? UNKNOWN;
