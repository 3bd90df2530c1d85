import type { ReportDefinition } from '../../../shared/reports';
import type { TenantId } from '../caller';
import type { ReportData } from '../../../shared/report-data';

export interface ReportRepo {
  /** Creates the definition; its id is new, so a clash is a bug, not a user's repeat (idempotency covers those). */
  create(tenant: TenantId, report: ReportDefinition): Promise<void>;
  get(tenant: TenantId, id: string): Promise<ReportDefinition | null>;
  list(tenant: TenantId): Promise<ReportDefinition[]>;
}

/** Renders a report's figures as documents: the PDF (pdfkit) and the CSV bundle (a zip). */
export interface ReportRenderer {
  pdf(data: ReportData): Promise<Uint8Array>;
  csvZip(data: ReportData): Promise<Uint8Array>;
}
