import type { Worker, WorkerStatus } from '../../../shared/records';
import type { EmailTemplate } from '../../../shared/email/template';
import type { TenantId } from '../caller';

export interface OutgoingEmail {
  to: string[];
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(email: OutgoingEmail): Promise<{ messageId: string }>;
}

/** One rendered notice to one address (workers each get their own unsubscribe link). */
export interface NoticeMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The recipient's own link: becomes the `List-Unsubscribe` headers (RFC 8058 one-click). */
  unsubscribeUrl?: string;
  /** The From display name ("<Company> via Raincheck"); the address stays the deployment's. */
  fromName?: string;
  /** Where replies go (the jobsite's manager, else the account owner), over the admins' reply-to. */
  replyTo?: string;
}

/** Sends notices through SES with the configuration set, a client-side rate limit and backoff on throttling. */
export interface NoticeMailer {
  send(message: NoticeMessage): Promise<{ messageId: string }>;
  /**
   * One message for addresses that share it (managers, the client: no unsubscribe link), sent blind
   * (Bcc) so no recipient sees the others, at most 50 destinations per SES call: one id per call.
   */
  sendBatch(message: Omit<NoticeMessage, 'to' | 'unsubscribeUrl'> & { to: string[] }): Promise<{
    messageIds: string[];
  }>;
}

/** An account's email templates; every method is scoped to one tenant. */
export interface EmailTemplateRepo {
  list(tenant: TenantId): Promise<EmailTemplate[]>;
  get(tenant: TenantId, id: string): Promise<EmailTemplate | null>;
  /**
   * Writes a new template while the account has fewer than `max` (null: no limit) and no other
   * template of its kind × audience; GuardRefusedError('limit' | 'unique') otherwise.
   */
  create(tenant: TenantId, template: EmailTemplate, max?: number | null): Promise<void>;
  /**
   * Writes only if the stored template still has `expectedUpdatedAt`; false when it changed or is
   * gone; GuardRefusedError('unique') when another template holds the new kind × audience.
   */
  replace(tenant: TenantId, template: EmailTemplate, expectedUpdatedAt: string): Promise<boolean>;
  remove(tenant: TenantId, id: string): Promise<void>;
}

/** Where a worker record of an address lives (found through the `byEmail` index, across accounts). */
export interface WorkerAddressRef {
  tenant: TenantId;
  workerId: string;
  email: string;
  status: WorkerStatus;
}

/** The email system's view of workers: read one, find an address everywhere, stop sending to it. */
export interface WorkerStatusRepo {
  get(tenant: TenantId, workerId: string): Promise<Worker | null>;
  findByEmail(email: string): Promise<WorkerAddressRef[]>;
  /**
   * Sets `status` on an active worker whose email is still `email`; true when this call changed it.
   * A worker already unsubscribed or bounced keeps its status (either one stops every send).
   */
  markIfActive(
    tenant: TenantId,
    workerId: string,
    email: string,
    status: Exclude<WorkerStatus, 'active'>,
    at: string,
  ): Promise<boolean>;
}

/** Why an account stopped mailing an address: the worker's link, a permanent bounce, a complaint. */
export type SuppressionReason = 'unsubscribed' | 'bounced' | 'complained';

/**
 * Each account's list of addresses it must not mail (lower-cased), whatever record they sit on.
 * In AWS, SES's account-level suppression list also stops bounced and complaining addresses.
 */
export interface SuppressionList {
  /** Adds the address with its reason; an address already on the list keeps its first reason. */
  add(tenant: TenantId, email: string, reason: SuppressionReason, at: string): Promise<void>;
  /** The account's suppressed addresses, lower-cased, with their reasons. */
  reasonsOf(tenant: TenantId): Promise<Map<string, SuppressionReason>>;
}
