import { randomUUID } from 'node:crypto';
import type { EntityItem } from 'electrodb';
import type { SupportLogEntry, SupportMessage } from '../../../shared/support';
import { tenantFromStore, type TenantId } from '../../core/caller';
import type {
  SupportAccessStore,
  SupportRequestChange,
  SupportRequestRecord,
  SupportRequestStore,
  SupportSession,
} from '../../core/support/support.ports';
import { isConditionFailure } from './conditions';
import { pickFields } from '../../../shared/pick-fields';
import type { RaincheckService } from './service';
import { tenantKey } from './tenant-keys';

type RequestItem = EntityItem<RaincheckService['entities']['supportRequest']>;

function requestOf(i: RequestItem): SupportRequestRecord {
  return {
    id: i.requestId,
    tenantId: i.tenantId,
    email: i.email,
    company: i.company ?? null,
    plan: i.plan,
    subject: i.subject,
    body: i.body,
    page: i.page,
    status: i.status,
    assignee: i.assignee ?? null,
    createdAt: i.createdAt,
    updatedAt: i.updatedAt,
    firstResponseAt: i.firstResponseAt ?? null,
  };
}

export class DynamoSupportRequests implements SupportRequestStore {
  constructor(private readonly db: RaincheckService) {}

  async create(r: SupportRequestRecord): Promise<void> {
    await this.db.entities.supportRequest
      .create({
        ...tenantKey(tenantFromStore(r.tenantId), { requestId: r.id }),
        email: r.email,
        ...(r.company ? { company: r.company } : {}),
        plan: r.plan,
        subject: r.subject,
        body: r.body,
        page: r.page,
        status: r.status,
        queue: r.status === 'closed' ? 'closed' : 'open',
        createdAt: r.createdAt,
        updatedAt: r.updatedAt,
      })
      .go();
  }

  async get(tenant: TenantId, id: string): Promise<SupportRequestRecord | null> {
    const { data } = await this.db.entities.supportRequest
      .get(tenantKey(tenant, { requestId: id }))
      .go({ consistent: true });
    return data ? requestOf(data) : null;
  }

  async findById(id: string): Promise<SupportRequestRecord | null> {
    const { data } = await this.db.entities.supportRequest.query.byId({ requestId: id }).go();
    const found = data[0];
    // The index is eventually consistent: read the item itself for the latest status.
    return found ? this.get(tenantFromStore(found.tenantId), id) : null;
  }

  async listForAccount(tenant: TenantId): Promise<SupportRequestRecord[]> {
    const { data } = await this.db.entities.supportRequest.query
      .byAccount(tenantKey(tenant))
      .go({ pages: 'all' });
    return data.map(requestOf);
  }

  async listQueue(closed: boolean): Promise<SupportRequestRecord[]> {
    const { data } = await this.db.entities.supportRequest.query
      .byQueue({ queue: closed ? 'closed' : 'open' })
      .go({ pages: 'all' });
    return data.map(requestOf);
  }

  async update(tenant: TenantId, id: string, change: SupportRequestChange): Promise<void> {
    const key = tenantKey(tenant, { requestId: id });
    const set: {
      updatedAt: string;
      status?: SupportRequestRecord['status'];
      queue?: 'open' | 'closed';
      createdAt?: string;
      assignee?: string;
    } = { updatedAt: change.updatedAt };
    if (change.status) {
      const current = await this.get(tenant, id);
      if (!current) return;
      set.status = change.status;
      set.queue = change.status === 'closed' ? 'closed' : 'open';
      // Moving between the open and closed queues rewrites the queue index key, which needs its sort key too.
      set.createdAt = current.createdAt;
    }
    if (change.assignee) set.assignee = change.assignee;
    const patch = this.db.entities.supportRequest.patch(key).set(set);
    await (change.assignee === null ? patch.remove(['assignee']) : patch).go();
  }

  async markFirstResponse(tenant: TenantId, id: string, at: string): Promise<void> {
    try {
      await this.db.entities.supportRequest
        .patch(tenantKey(tenant, { requestId: id }))
        .set({ firstResponseAt: at })
        .where((attr, op) => op.notExists(attr.firstResponseAt))
        .go();
    } catch (err) {
      if (!isConditionFailure(err)) throw err;
    }
  }

  async addMessage(tenant: TenantId, requestId: string, m: SupportMessage): Promise<void> {
    await this.db.entities.supportMessage
      .create({
        ...tenantKey(tenant, { requestId, messageId: m.id, at: m.at }),
        author: m.author,
        authorEmail: m.authorEmail,
        body: m.body,
      })
      .go();
  }

  async messages(tenant: TenantId, requestId: string): Promise<SupportMessage[]> {
    const { data } = await this.db.entities.supportMessage.query
      .byThread(tenantKey(tenant, { requestId }))
      .go({ pages: 'all' });
    // ElectroDB's begins_with on the composite sort key also matches ids that extend this one: keep exact ones.
    return data
      .filter((m) => m.requestId === requestId)
      .map((m) => ({
        id: m.messageId,
        author: m.author,
        authorEmail: m.authorEmail,
        body: m.body,
        at: m.at,
      }));
  }
}

export class DynamoSupportAccess implements SupportAccessStore {
  constructor(private readonly db: RaincheckService) {}

  async grantOf(tenant: TenantId): Promise<string | null> {
    const { data } = await this.db.entities.supportGrant.get(tenantKey(tenant)).go({ consistent: true });
    return data?.until ?? null;
  }

  async setGrant(tenant: TenantId, until: string | null, by: string, at: string): Promise<void> {
    await this.db.entities.supportGrant
      .put({ ...tenantKey(tenant), ...(until ? { until } : {}), updatedBy: by, updatedAt: at })
      .go();
  }

  async createSession(s: SupportSession): Promise<void> {
    await this.db.entities.supportSession
      .create({
        ...pickFields(s, ['tokenHash', 'accountId', 'adminId', 'adminEmail', 'createdAt']),
        endsAt: s.expiresAt,
        ttl: Math.ceil(Date.parse(s.expiresAt) / 1000),
      })
      .go();
  }

  async sessionByHash(tokenHash: string): Promise<SupportSession | null> {
    const { data } = await this.db.entities.supportSession.get({ tokenHash }).go({ consistent: true });
    if (!data) return null;
    return {
      tokenHash: data.tokenHash,
      accountId: data.accountId,
      adminId: data.adminId,
      adminEmail: data.adminEmail,
      createdAt: data.createdAt,
      expiresAt: data.endsAt,
    };
  }

  async log(tenant: TenantId, e: SupportLogEntry): Promise<void> {
    await this.db.entities.supportLog
      .create({
        ...tenantKey(tenant, { at: e.at, entryId: randomUUID() }),
        kind: e.kind,
        actor: e.actor,
        ...(e.method ? { method: e.method } : {}),
        ...(e.path ? { path: e.path } : {}),
      })
      .go();
  }

  async readLog(tenant: TenantId, limit: number): Promise<SupportLogEntry[]> {
    const { data } = await this.db.entities.supportLog.query
      .byAccount(tenantKey(tenant))
      .go({ order: 'desc', limit });
    return data.map((e) => ({
      at: e.at,
      kind: e.kind,
      actor: e.actor,
      ...(e.method ? { method: e.method } : {}),
      ...(e.path ? { path: e.path } : {}),
    }));
  }
}
