import type { Worker } from '../../../shared/records';
import type { TenantId } from '../../core/caller';
import type { AccountRosterState, AccountRosterStore } from '../../core/dispatch/account-rosters';
import { batchGet } from './batch-get';
import { isConditionFailure } from './conditions';
import type { RaincheckService } from './service';
import { tenantKey } from './tenant-keys';
import { WORKER_FIELDS, workerFromItem } from './worker-fields';

type Tx = Parameters<Parameters<RaincheckService['transaction']['write']>[0]>[0];

/**
 * The transaction item that bumps the account's roster version: every transaction that writes one
 * of the account's worker items holds it (once: a transaction names an item at most once), so a
 * process that kept the account's workers at the version before lists them again.
 */
export const rosterBump = (tx: Tx, tenantId: string) =>
  tx.accountRoster.update({ tenantId }).add({ workers: 1 }).commit();

/** Each account's roster state in its one item (entities/account-roster.entity.ts). */
export class DynamoAccountRosters implements AccountRosterStore {
  constructor(private readonly db: RaincheckService) {}

  statesOf(tenants: readonly TenantId[]): Promise<Map<string, AccountRosterState>> {
    return batchGet(
      'account rosters',
      tenants.map((t) => tenantKey(t)),
      (keys) => this.db.entities.accountRoster.get(keys).go(),
      (item): AccountRosterState => ({
        workers: item.workers ?? 0,
        suppressions: item.suppressions ?? null,
      }),
      (_, item) => item.tenantId,
    );
  }

  async recordNoSuppressions(tenant: TenantId): Promise<void> {
    try {
      await retriedOnConflict(() =>
        this.db.entities.accountRoster
          .update(tenantKey(tenant))
          .set({ suppressions: 'none' })
          .where((a, op) => op.notExists(a.suppressions))
          .go(),
      );
    } catch (err) {
      // 'some' was set meanwhile (or 'none' by another batch): that stands. Still in conflict after
      // the retries: nothing is recorded, and the next batch reads the list again.
      if (!isConditionFailure(err) && !isConflict(err)) throw err;
    }
  }

  /** Set before an account's suppressed address is stored (suppression-list.repo.ts), never after. */
  async recordSomeSuppressions(tenant: TenantId): Promise<void> {
    await retriedOnConflict(() =>
      this.db.entities.accountRoster.update(tenantKey(tenant)).set({ suppressions: 'some' }).go(),
    );
  }

  async workersOf(tenant: TenantId): Promise<Worker[]> {
    const { data } = await this.db.entities.worker.query
      .byTenant(tenantKey(tenant))
      .go({ pages: 'all', attributes: WORKER_FIELDS, consistent: true });
    return data.map(workerFromItem);
  }
}

const CONFLICT_ATTEMPTS = 8;
const isConflict = (err: unknown) => {
  const cause = (err as { cause?: { name?: string } })?.cause;
  return `${String(err)} ${cause?.name ?? ''} ${String(cause ?? '')}`.includes('TransactionConflict');
};

/**
 * A single write to the roster item, again after a short random wait while a worker's transaction
 * holds the item (TransactionConflictException, which the SDK does not retry).
 */
async function retriedOnConflict<T>(write: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (err) {
      if (!isConflict(err) || attempt >= CONFLICT_ATTEMPTS) throw err;
      await new Promise((r) => setTimeout(r, Math.random() * 25 * attempt));
    }
  }
}
