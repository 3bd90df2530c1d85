import type { PlanId } from '../../../shared/plans';
import type { SupportLogEntry, SupportMessage, SupportStatus } from '../../../shared/support';
import type { TenantId } from '../caller';
import type { AccountRepo } from '../account/account.ports';
import type { Mailer } from '../email/email.ports';
import type { Clock, IdGenerator } from '../runtime.ports';

/** A support request as stored: the account it belongs to and its plan when it was sent. */
export interface SupportRequestRecord {
  id: string;
  tenantId: string;
  email: string;
  company: string | null;
  /** The account's plan when the request was sent: the queue's priority and target. */
  plan: PlanId;
  subject: string;
  body: string;
  page: string;
  status: SupportStatus;
  assignee: string | null;
  createdAt: string;
  updatedAt: string;
  firstResponseAt: string | null;
}

export type SupportRequestChange = Partial<
  Pick<SupportRequestRecord, 'status' | 'assignee' | 'firstResponseAt'>
> & { updatedAt: string };

export interface SupportRequestStore {
  /** Stores a new request (never overwrites one: a conditional write). */
  create(request: SupportRequestRecord): Promise<void>;
  get(tenant: TenantId, id: string): Promise<SupportRequestRecord | null>;
  /** Any account's request by its id: only the admins' routes ask this. */
  findById(id: string): Promise<SupportRequestRecord | null>;
  listForAccount(tenant: TenantId): Promise<SupportRequestRecord[]>;
  /** Every request not closed (or every closed one), across accounts: the admins' queue. */
  listQueue(closed: boolean): Promise<SupportRequestRecord[]>;
  update(tenant: TenantId, id: string, change: SupportRequestChange): Promise<void>;
  /**
   * Records support's first answer unless one is recorded already (conditional), so two admins
   * answering at once keep the earlier time.
   */
  markFirstResponse(tenant: TenantId, id: string, at: string): Promise<void>;
  addMessage(tenant: TenantId, requestId: string, message: SupportMessage): Promise<void>;
  messages(tenant: TenantId, requestId: string): Promise<SupportMessage[]>;
}

/** A live support session, found by the hash of its token (the token itself is never stored). */
export interface SupportSession {
  tokenHash: string;
  accountId: string;
  adminId: string;
  adminEmail: string;
  createdAt: string;
  expiresAt: string;
}

export interface SupportAccessStore {
  /** The end of the account's grant (ISO), or null when it has none. */
  grantOf(tenant: TenantId): Promise<string | null>;
  /** Sets (or, with null, ends) the account's grant. */
  setGrant(tenant: TenantId, until: string | null, by: string, at: string): Promise<void>;
  createSession(session: SupportSession): Promise<void>;
  sessionByHash(tokenHash: string): Promise<SupportSession | null>;
  log(tenant: TenantId, entry: SupportLogEntry): Promise<void>;
  /** The newest entries first, at most `limit`. */
  readLog(tenant: TenantId, limit: number): Promise<SupportLogEntry[]>;
}

export interface SupportDeps {
  requests: SupportRequestStore;
  access: SupportAccessStore;
  accounts: AccountRepo;
  mailer: Mailer;
  clock: Clock;
  ids: IdGenerator;
  /** The app's origin, for links in emails (`<origin>/support`). */
  appOrigin: string;
}
