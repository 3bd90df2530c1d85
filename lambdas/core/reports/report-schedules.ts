import {
  DOCUMENT_GONE_MESSAGE,
  DOCUMENT_RETENTION_DAYS,
  REPORT_DOCUMENTS_PREFIX,
  STALE_CLAIM_MINUTES,
  deliveryFor,
  lastWholePeriod,
  owesPeriod,
  scheduleZone,
  type ReportPeriod,
  type ReportSchedule,
  type ReportScheduleInput,
  type ReportSendRecord,
} from '../../../shared/report-schedules';
import type { ReportDefinition } from '../../../shared/reports';
import type { Caller, TenantId } from '../caller';
import { ForbiddenError, GoneError, NotFoundError } from '../errors';
import type { ReportRenderer } from './reports.ports';
import { chosenJobsites, getReport, reportData, reportsTenant, type ReportsDeps } from './reports';
import type {
  AttachmentMailer,
  DocumentStore,
  ReportScheduleRepo,
  StoredSchedule,
} from './report-schedules.ports';
import { documentFileName, scheduledReportEmail } from './scheduled-email';

export interface ReportSchedulesDeps extends ReportsDeps {
  schedules: ReportScheduleRepo;
  documents: DocumentStore;
  mailer: AttachmentMailer;
  renderer: Pick<ReportRenderer, 'pdf'>;
  /** The app's origin: the email links to the report's page. */
  appOrigin: string;
  /** A signed link that downloads one kept document without signing in, valid until `expiresAt`. */
  documentLink: (doc: { tenant: TenantId; reportId: string; periodKey: string; expiresAt: Date }) => string;
}

const DAY_MS = 86_400_000;

/** The page a report's schedule and history are on (web/src/app/router.tsx). */
export const reportPagePath = (reportId: string) => `/analytics/reports/${encodeURIComponent(reportId)}`;

/** `PUT /api/reports/{id}/schedule`: creates or replaces the report's one schedule. */
export async function putSchedule(
  caller: Caller,
  reportId: string,
  input: ReportScheduleInput,
  deps: ReportSchedulesDeps,
): Promise<ReportSchedule> {
  const tenant = await reportsTenant(caller, deps);
  const report = await getReport(caller, reportId, deps);
  const sites = await chosenJobsites(tenant, report.jobsites, deps);
  const now = deps.ledger.clock.now().toISOString();
  const existing = await deps.schedules.get(tenant, reportId);
  return deps.schedules.put(tenant, {
    reportId,
    cadence: input.cadence,
    to: input.to,
    timezone: scheduleZone(sites.map((s) => s.timezone)),
    createdAt: existing?.createdAt ?? now,
    updatedAt: now,
  });
}

/** `GET /api/reports/{id}/schedule`: the schedule (null when none) and the send history, newest first. */
export async function scheduleView(
  caller: Caller,
  reportId: string,
  deps: ReportSchedulesDeps,
): Promise<{ schedule: ReportSchedule | null; sends: ReportSendRecord[] }> {
  const tenant = await reportsTenant(caller, deps);
  await getReport(caller, reportId, deps);
  const [schedule, sends] = await Promise.all([
    deps.schedules.get(tenant, reportId),
    deps.schedules.listSends(tenant, reportId),
  ]);
  return { schedule, sends: sends.map(({ documentKey: _key, ...record }) => record) };
}

export async function removeSchedule(caller: Caller, reportId: string, deps: ReportSchedulesDeps) {
  const tenant = await reportsTenant(caller, deps);
  await getReport(caller, reportId, deps);
  await deps.schedules.remove(tenant, reportId);
}

/**
 * A kept document of the history, for the account's own download or a signed link: 404 for a period
 * never sent, 410 with a clear message once the document's 90 days are over (or it is otherwise gone).
 */
export async function keptDocument(
  tenant: TenantId,
  reportId: string,
  periodKey: string,
  deps: Pick<ReportSchedulesDeps, 'schedules' | 'documents' | 'ledger'>,
): Promise<{ bytes: Uint8Array; fileName: string }> {
  const send = await deps.schedules.getSend(tenant, reportId, periodKey);
  if (!send?.documentKey) throw new NotFoundError('No document was sent for this period');
  const expired =
    send.documentExpiresAt !== null &&
    Date.parse(send.documentExpiresAt) <= deps.ledger.clock.now().getTime();
  const bytes = expired ? null : await deps.documents.get(send.documentKey);
  if (!bytes) throw new GoneError(DOCUMENT_GONE_MESSAGE);
  const name = send.documentKey.split('/').pop() ?? `${periodKey}.pdf`;
  return { bytes, fileName: name };
}

export async function downloadDocument(
  caller: Caller,
  reportId: string,
  periodKey: string,
  deps: ReportSchedulesDeps,
) {
  const tenant = await reportsTenant(caller, deps);
  await getReport(caller, reportId, deps);
  return keptDocument(tenant, reportId, periodKey, deps);
}

export interface ScheduleRunResult {
  at: string;
  schedules: number;
  /** Schedules owing their last whole period (claimed now or by an earlier run). */
  due: number;
  sent: number;
  failed: number;
  /** Already claimed by this or an earlier run: nothing sent again. */
  alreadyClaimed: number;
  /** The account lost custom reports, or the report was deleted. */
  skipped: number;
}

/** The account itself, acting through its schedule: the plan gate and the report's ownership still apply. */
const scheduleCaller = (tenant: TenantId): Caller => ({
  userId: tenant,
  accountId: tenant,
  role: 'owner',
  email: '',
  groups: [],
});

/**
 * The scheduled job (EventBridge every hour; locally the stack's scheduler; admins' "run now"): for each
 * schedule, the last whole period in its zone, claimed with a conditional write before anything is
 * rendered, so the email goes once per period however often or concurrently this runs. The PDF is made
 * by the same code as `GET /api/reports/{id}/pdf` over that period, kept in the document store, and sent
 * attached (a signed link above 7 MB). A failed send is recorded and retried by the next run.
 */
export async function runReportSchedules(
  deps: ReportSchedulesDeps,
  opts: { at?: Date } = {},
): Promise<ScheduleRunResult> {
  const at = opts.at ?? deps.ledger.clock.now();
  const schedules = await deps.schedules.listAll();
  const result: ScheduleRunResult = {
    at: at.toISOString(),
    schedules: schedules.length,
    due: 0,
    sent: 0,
    failed: 0,
    alreadyClaimed: 0,
    skipped: 0,
  };
  for (const schedule of schedules) {
    const period = lastWholePeriod(schedule.cadence, at, schedule.timezone);
    if (!owesPeriod(schedule, period)) continue;
    result.due++;
    const outcome = await sendPeriod(schedule, period, deps);
    result[outcome]++;
  }
  return result;
}

async function sendPeriod(
  schedule: StoredSchedule,
  period: ReportPeriod,
  deps: ReportSchedulesDeps,
): Promise<'sent' | 'failed' | 'alreadyClaimed' | 'skipped'> {
  const { tenantId: tenant, reportId } = schedule;
  const caller = scheduleCaller(tenant);
  let report;
  try {
    report = await getReport(caller, reportId, deps);
  } catch (err) {
    if (err instanceof ForbiddenError || err instanceof NotFoundError) return 'skipped';
    throw err;
  }
  const now = deps.ledger.clock.now();
  const claimed = await deps.schedules.claim(tenant, reportId, {
    period,
    recipients: schedule.to,
    claimedAt: now.toISOString(),
    staleBefore: new Date(now.getTime() - STALE_CLAIM_MINUTES * 60_000).toISOString(),
  });
  if (!claimed) return 'alreadyClaimed';
  let sent: Parameters<ReportScheduleRepo['markSent']>[3];
  try {
    sent = await renderStoreAndSend(schedule, report, period, deps);
  } catch (err) {
    // Nothing reached SES (or SES refused): the next run claims the period again and retries.
    await deps.schedules.markFailed(
      tenant,
      reportId,
      period.key,
      err instanceof Error ? err.message : String(err),
    );
    return 'failed';
  }
  // Outside the try: once SES has the message, a failure here must never lead to a second send.
  await deps.schedules.markSent(tenant, reportId, period.key, sent);
  return 'sent';
}

async function renderStoreAndSend(
  schedule: StoredSchedule,
  report: ReportDefinition,
  period: ReportPeriod,
  deps: ReportSchedulesDeps,
): Promise<Parameters<ReportScheduleRepo['markSent']>[3]> {
  const { tenantId: tenant, reportId } = schedule;
  const caller = scheduleCaller(tenant);
  // The same figures and renderer as GET /api/reports/{id}/pdf, over the period instead of the saved range.
  const data = await reportData(caller, { ...report, range: { from: period.from, to: period.to } }, deps);
  const pdf = await deps.renderer.pdf(data);
  const fileName = documentFileName(report.title, period.key);
  const documentKey = `${REPORT_DOCUMENTS_PREFIX}${tenant}/${reportId}/${fileName}`;
  await deps.documents.put(documentKey, pdf, 'application/pdf');
  await deps.schedules.markSending(tenant, reportId, period.key);
  // Counted from when it was stored, as the bucket's lifecycle rule counts (an admin's run may name another `at`).
  const expiresAt = new Date(deps.ledger.clock.now().getTime() + DOCUMENT_RETENTION_DAYS * DAY_MS);
  const delivery = deliveryFor(pdf.byteLength);
  const email = scheduledReportEmail({
    title: report.title,
    cadence: schedule.cadence,
    period,
    reportUrl: `${deps.appOrigin.replace(/\/$/, '')}${reportPagePath(reportId)}`,
    downloadUrl:
      delivery === 'linked'
        ? deps.documentLink({ tenant, reportId, periodKey: period.key, expiresAt })
        : null,
    bytes: pdf.byteLength,
  });
  const { messageId } = await deps.mailer.sendWithAttachments({
    to: schedule.to,
    ...email,
    attachments: delivery === 'attached' ? [{ fileName, contentType: 'application/pdf', bytes: pdf }] : [],
  });
  return {
    sentAt: deps.ledger.clock.now().toISOString(),
    delivery,
    bytes: pdf.byteLength,
    documentKey,
    documentExpiresAt: expiresAt.toISOString(),
    messageId,
  };
}
