import { DynamoAccountRepo } from '../adapters/dynamo/account.repo';
import { DynamoClaimRepo, DynamoDecisionRepo } from '../adapters/dynamo/dispatch.repo';
import { DynamoHolidayCalendarRepo } from '../adapters/dynamo/holiday-calendar.repo';
import { DynamoObservationRepo } from '../adapters/dynamo/observations.repo';
import { DynamoReportRepo } from '../adapters/dynamo/reports.repo';
import { PdfkitReportRenderer } from '../adapters/pdf/report.pdf';
import { DynamoReportScheduleRepo } from '../adapters/dynamo/report-schedules.repo';
import { SesAttachmentMailer } from '../adapters/ses/ses.attachment-mailer';
import { createSesClient } from '../adapters/ses/ses.mailer';
import { S3DocumentStore, missingDocumentStore } from '../adapters/storage/s3.document-store';
import { documentLinks } from '../core/reports/document-links';
import type { ReportSchedulesRoutesDeps } from '../routes/report-schedules.routes';
import type { ReportsRoutesDeps } from '../routes/reports.routes';
import { createFilesS3Client } from './files-s3.client';
import { builtOnFirstUse } from './built-on-first-use';
import type { DataRoot } from './data.root';
import { recordsOnFirstUse } from './records.root';

/**
 * The reports Lambda's dependencies: the saved definitions, the ledger's own repositories (every
 * figure through `jobsiteLedger`) and the PDF renderer (pdfkit stays out of every other bundle).
 */
export function createReportsDeps(
  data: DataRoot,
  opts: { fontsDir: string },
): ReportsRoutesDeps & ReportSchedulesRoutesDeps {
  const { config } = data;
  const records = recordsOnFirstUse(data.db);
  const appOrigin = (config.APP_ORIGIN ?? '').replace(/\/$/, '');
  // The signing key is read when a link is made or checked: a deployment without one fails that send only.
  const links = builtOnFirstUse(() =>
    documentLinks({
      secret: config.UNSUBSCRIBE_SECRET ?? '',
      previousSecrets: (config.UNSUBSCRIBE_SECRET_PREVIOUS ?? '').split(',').filter(Boolean),
      appOrigin,
    }),
  );
  return {
    reports: new DynamoReportRepo(data.db),
    accounts: new DynamoAccountRepo(data.db),
    ledger: {
      records,
      clock: data.clock,
      decisions: new DynamoDecisionRepo(data.db),
      claims: new DynamoClaimRepo(data.db),
      holidays: new DynamoHolidayCalendarRepo(data.db),
      observations: new DynamoObservationRepo(data.db),
    },
    renderer: new PdfkitReportRenderer(opts.fontsDir),
    idempotency: records.idempotency,
    schedules: new DynamoReportScheduleRepo(data.db),
    documents: config.FILES_BUCKET
      ? new S3DocumentStore(
          builtOnFirstUse(() => createFilesS3Client(config)),
          config.FILES_BUCKET,
        )
      : missingDocumentStore,
    // Scheduled reports go out from MAIL_FROM through the same SES path as every other email.
    mailer: new SesAttachmentMailer(
      builtOnFirstUse(() => createSesClient({ region: config.AWS_REGION, endpoint: config.SES_ENDPOINT })),
      config.MAIL_FROM,
      config.SES_CONFIGURATION_SET,
    ),
    appOrigin,
    documentLink: (doc) => links.link(doc),
    links,
  };
}
