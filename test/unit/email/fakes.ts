import type { Worker, WorkerStatus } from '../../../shared/records';
import { tenantFromStore, type TenantId } from '../../../lambdas/core/caller';
import type {
  SuppressionList,
  SuppressionReason,
  WorkerAddressRef,
  WorkerStatusRepo,
} from '../../../lambdas/core/email/email.ports';
import type { RateWindowStore } from '../../../lambdas/core/limits/rate-limits';

/** Workers of several accounts in memory, with the same conditional marking as the DynamoDB repo. */
export class FakeWorkerStatusRepo implements WorkerStatusRepo {
  readonly workers = new Map<string, Worker & { tenantId: string }>();

  add(tenantId: string, worker: Partial<Worker> & { id: string; email: string }): void {
    this.workers.set(`${tenantId}#${worker.id}`, {
      name: 'Worker',
      phone: null,
      trade: null,
      crewIds: [],
      isManager: false,
      status: 'active',
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
      ...worker,
      tenantId,
    });
  }

  statusOf(tenantId: string, workerId: string): WorkerStatus | undefined {
    return this.workers.get(`${tenantId}#${workerId}`)?.status;
  }

  async get(tenant: TenantId, workerId: string): Promise<Worker | null> {
    const found = this.workers.get(`${tenant}#${workerId}`);
    if (!found) return null;
    const { tenantId: _t, ...worker } = found;
    return worker;
  }

  async findByEmail(email: string): Promise<WorkerAddressRef[]> {
    return [...this.workers.values()]
      .filter((w) => w.email === email)
      .map((w) => ({
        tenant: tenantFromStore(w.tenantId),
        workerId: w.id,
        email: w.email,
        status: w.status,
      }));
  }

  // Typed by the port, so the fake cannot drift from the repository's signature.
  markIfActive: WorkerStatusRepo['markIfActive'] = async (tenant, workerId, email, status, at) => {
    const found = this.workers.get(`${tenant}#${workerId}`);
    if (!found || found.status !== 'active' || found.email !== email) return false;
    found.status = status;
    found.updatedAt = at;
    return true;
  };
}

/** The stored jobsite builder, under the name the email and dispatch tests know. */
export { jobsiteRecord as jobsite } from '../../support/jobsite-record';

export const fixedClock = { now: () => new Date('2026-03-09T12:00:00.000Z') };

/** The suppression list in memory: the first reason per (account, address) stays, as in DynamoDB. */
export class FakeSuppressionList implements SuppressionList {
  readonly entries = new Map<string, SuppressionReason>();

  async add(tenant: TenantId, email: string, reason: SuppressionReason, _at?: string): Promise<void> {
    const key = `${tenant}#${email.toLowerCase()}`;
    if (!this.entries.has(key)) this.entries.set(key, reason);
  }

  async reasonsOf(tenant: TenantId): Promise<Map<string, SuppressionReason>> {
    const prefix = `${tenant}#`;
    return new Map(
      [...this.entries].flatMap(([k, r]) =>
        k.startsWith(prefix) ? [[k.slice(prefix.length), r] as const] : [],
      ),
    );
  }
}

/** Rate-limit windows in memory, counted as the conditional update counts them. */
export class MemoryRateWindows implements RateWindowStore {
  readonly uses = new Map<string, number>();

  async take(key: string, windowStart: string, limit: number): Promise<boolean> {
    const k = `${key}|${windowStart}`;
    const used = this.uses.get(k) ?? 0;
    if (used >= limit) return false;
    this.uses.set(k, used + 1);
    return true;
  }

  async takeUpTo(key: string, windowStart: string, wanted: number, limit: number): Promise<number> {
    const k = `${key}|${windowStart}`;
    const used = this.uses.get(k) ?? 0;
    const granted = Math.max(0, Math.min(wanted, limit - used));
    this.uses.set(k, used + granted);
    return granted;
  }
}
