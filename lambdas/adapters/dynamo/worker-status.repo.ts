import type { EntityItem } from 'electrodb';
import type { Worker, WorkerStatus } from '../../../shared/records';
import { tenantFromStore, type TenantId } from '../../core/caller';
import type { WorkerAddressRef, WorkerStatusRepo } from '../../core/email/email.ports';
import type { RaincheckService } from './service';
import { tenantKey } from './tenant-keys';
import { failedItems, writeGuarded } from './record-guards';
import { rosterBump } from './account-rosters.repo';

type WorkerItem = EntityItem<RaincheckService['entities']['worker']>;

const toWorker = (i: WorkerItem): Worker => ({
  id: i.workerId,
  name: i.name,
  email: i.email,
  phone: i.phone ?? null,
  trade: i.trade ?? null,
  crewIds: i.crewIds ?? [],
  isManager: i.isManager,
  status: i.status,
  createdAt: i.createdAt,
  updatedAt: i.updatedAt,
});

/**
 * The email system's access to workers: by id within an account (unsubscribe links), and by address
 * across accounts through the `byEmail` index (bounces and complaints), never by a scan.
 */
export class DynamoWorkerStatusRepo implements WorkerStatusRepo {
  constructor(private readonly db: RaincheckService) {}

  async get(tenant: TenantId, workerId: string): Promise<Worker | null> {
    const { data } = await this.db.entities.worker.get(tenantKey(tenant, { workerId })).go();
    return data ? toWorker(data) : null;
  }

  async findByEmail(email: string): Promise<WorkerAddressRef[]> {
    const { data } = await this.db.entities.worker.query
      .byEmail({ email: email.toLowerCase() })
      .go({ pages: 'all' });
    return data.map((i) => ({
      // A trusted, non-request path: the tenant comes from the stored record the index found.
      tenant: tenantFromStore(i.tenantId),
      workerId: i.workerId,
      email: i.email,
      status: i.status,
    }));
  }

  /** In one transaction with the account's roster bump (a dispatch keeps the account's workers by it). */
  async markIfActive(
    tenant: TenantId,
    workerId: string,
    email: string,
    status: Exclude<WorkerStatus, 'active'>,
    at: string,
  ): Promise<boolean> {
    const { tenantId } = tenantKey(tenant);
    const result = await writeGuarded(this.db, (tx) => [
      tx.worker
        .patch({ tenantId, workerId })
        .set({ status, updatedAt: at })
        .where((a, op) => `${op.eq(a.status, 'active')} AND ${op.eq(a.email, email.toLowerCase())}`)
        .commit(),
      rosterBump(tx, tenantId),
    ]);
    // Not active any more, another address now, or gone: nothing changed.
    if (failedItems(result).includes(0)) return false;
    if (result.canceled) throw new Error('The worker status write was canceled');
    return true;
  }
}
