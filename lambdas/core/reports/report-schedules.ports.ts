import type { ReportPeriod, ReportSchedule, ReportSendRecord } from '../../../shared/report-schedules';
import type { TenantId } from '../caller';

/** A schedule as the job reads it: with the account it belongs to. */
export interface StoredSchedule extends ReportSchedule {
  tenantId: TenantId;
}

/** A send as stored: the history record plus where its document is kept. */
export interface StoredSend extends ReportSendRecord {
  documentKey: string | null;
}

export interface ReportScheduleRepo {
  /** Creates or replaces the report's one schedule (keyed by the report: parallel PUTs leave one). */
  put(tenant: TenantId, schedule: ReportSchedule): Promise<ReportSchedule>;
  get(tenant: TenantId, reportId: string): Promise<ReportSchedule | null>;
  remove(tenant: TenantId, reportId: string): Promise<void>;
  /** Every schedule of every account (one indexed query per cadence). */
  listAll(): Promise<StoredSchedule[]>;
  /**
   * Claims the report's email for the period (`rendering`): true for exactly one caller however many
   * runs ask at once; a period whose last attempt failed, or whose `rendering` claim is older than
   * `staleBefore`, is claimed again by the next run (once).
   */
  claim(
    tenant: TenantId,
    reportId: string,
    claim: { period: ReportPeriod; recipients: string[]; claimedAt: string; staleBefore: string },
  ): Promise<boolean>;
  /** The document is stored: the email goes to SES next (never taken over from here on). */
  markSending(tenant: TenantId, reportId: string, periodKey: string): Promise<void>;
  markSent(
    tenant: TenantId,
    reportId: string,
    periodKey: string,
    sent: {
      sentAt: string;
      delivery: 'attached' | 'linked';
      bytes: number;
      documentKey: string;
      documentExpiresAt: string;
      messageId: string;
    },
  ): Promise<void>;
  markFailed(tenant: TenantId, reportId: string, periodKey: string, error: string): Promise<void>;
  listSends(tenant: TenantId, reportId: string): Promise<StoredSend[]>;
  getSend(tenant: TenantId, reportId: string, periodKey: string): Promise<StoredSend | null>;
}

/** Where sent documents are kept (S3: the files bucket's `report-documents/` prefix, 90-day lifecycle). */
export interface DocumentStore {
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The document, or null once it is gone. */
  get(key: string): Promise<Uint8Array | null>;
}

export interface EmailAttachment {
  fileName: string;
  contentType: string;
  bytes: Uint8Array;
}

/** An email with files (SES v2 `Content.Simple.Attachments`). */
export interface AttachmentMailer {
  sendWithAttachments(email: {
    to: string[];
    subject: string;
    text: string;
    html: string;
    attachments: EmailAttachment[];
  }): Promise<{ messageId: string }>;
}
