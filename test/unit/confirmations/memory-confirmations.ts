import type { TenantId } from '../../../lambdas/core/caller';
import type {
  ConfirmationRepo,
  ConfirmationRequest,
} from '../../../lambdas/core/confirmations/confirmation.ports';

/**
 * Confirmation requests in memory with the DynamoDB repo's conditions: create once, answer only
 * while unanswered, claim an escalation only while unanswered and unclaimed. The unit level only.
 */
export class MemoryConfirmationRepo implements ConfirmationRepo {
  readonly items = new Map<string, ConfirmationRequest>();

  private key(tenant: string, id: string) {
    return `${tenant}#${id}`;
  }

  async createOnce(r: ConfirmationRequest) {
    const key = this.key(r.tenantId, r.id);
    if (!this.items.has(key)) this.items.set(key, { ...r });
    return { ...this.items.get(key)! };
  }

  async get(tenant: TenantId, id: string) {
    const found = this.items.get(this.key(tenant, id));
    return found ? { ...found } : null;
  }

  async remove(tenant: TenantId, id: string) {
    this.items.delete(this.key(tenant, id));
  }

  async answer(
    tenant: TenantId,
    id: string,
    a: Pick<ConfirmationRequest, 'answer' | 'answeredAt' | 'answeredVia'>,
  ) {
    const found = this.items.get(this.key(tenant, id));
    if (!found || found.answer) return false;
    Object.assign(found, a);
    return true;
  }

  async listDue(at: Date) {
    return [...this.items.values()]
      .filter((r) => !r.answer && !r.escalatedAt && r.dueAt <= at.toISOString())
      .map((r) => ({ ...r }));
  }

  async claimEscalation(tenant: TenantId, id: string, at: string, to: string[]) {
    const found = this.items.get(this.key(tenant, id));
    if (!found || found.answer || found.escalatedAt) return false;
    Object.assign(found, { escalatedAt: at, escalatedTo: to });
    return true;
  }

  async releaseEscalation(tenant: TenantId, id: string) {
    const found = this.items.get(this.key(tenant, id));
    if (found) Object.assign(found, { escalatedAt: null, escalatedTo: [] });
  }

  async listForForeman(tenant: TenantId, workerId: string, limit: number) {
    return [...this.items.values()]
      .filter((r) => r.tenantId === tenant && r.foremanWorkerId === workerId)
      .sort((a, b) => b.requestedAt.localeCompare(a.requestedAt))
      .slice(0, limit);
  }

  async listForJobsite(tenant: TenantId, jobsiteId: string, from: string, to: string) {
    return [...this.items.values()].filter(
      (r) => r.tenantId === tenant && r.jobsiteId === jobsiteId && r.workDate >= from && r.workDate <= to,
    );
  }

  async listRecent(tenant: TenantId, limit: number) {
    return [...this.items.values()]
      .filter((r) => r.tenantId === tenant)
      .sort((a, b) => b.requestedAt.localeCompare(a.requestedAt))
      .slice(0, limit);
  }
}
