import { escapeHtml } from '../../../shared/email/render';
import { reportFileName } from '../../../shared/reports';
import {
  DOCUMENT_RETENTION_DAYS,
  type ReportCadence,
  type ReportPeriod,
} from '../../../shared/report-schedules';

const megabytes = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

/**
 * The scheduled email of one report and period: it says which period the PDF covers (a weekly report
 * covers the previous ISO week, Monday to Sunday; a monthly one the previous calendar month), and either
 * that the PDF is attached or, when it was too large, the signed link to download it.
 */
export function scheduledReportEmail(m: {
  title: string;
  cadence: ReportCadence;
  period: ReportPeriod;
  reportUrl: string;
  /** Null when the PDF is attached; the signed download link when it was too large to attach. */
  downloadUrl: string | null;
  bytes: number;
}): { subject: string; text: string; html: string } {
  const covers = `This ${m.cadence} report covers ${m.period.label}, ${m.period.from} to ${m.period.to}.`;
  const delivery = m.downloadUrl
    ? `The PDF (${megabytes(m.bytes)}) is too large to attach. Download it here within ${DOCUMENT_RETENTION_DAYS} days:`
    : `The PDF (${megabytes(m.bytes)}) is attached.`;
  const history = `Its send history and earlier documents are on the report's page: ${m.reportUrl}`;
  const text = [covers, delivery + (m.downloadUrl ? `\n${m.downloadUrl}` : ''), history].join('\n\n');
  const link = (url: string) => `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`;
  const html = [
    `<p>${escapeHtml(covers)}</p>`,
    `<p>${escapeHtml(delivery)}${m.downloadUrl ? `<br>${link(m.downloadUrl)}` : ''}</p>`,
    `<p>Its send history and earlier documents are on the <a href="${escapeHtml(m.reportUrl)}">report's page</a>.</p>`,
  ].join('\n');
  return { subject: `${m.title}: ${m.period.label}`, text, html };
}

/** The document's file name in the email and on download: the title and the period. */
export const documentFileName = (title: string, periodKey: string) =>
  reportFileName(title, `-${periodKey.toLowerCase()}.pdf`);
