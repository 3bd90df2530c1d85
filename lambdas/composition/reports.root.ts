import { DynamoAccountRepo } from '../adapters/dynamo/account.repo';
import { DynamoClaimRepo, DynamoDecisionRepo } from '../adapters/dynamo/dispatch.repo';
import { DynamoHolidayCalendarRepo } from '../adapters/dynamo/holiday-calendar.repo';
import { DynamoObservationRepo } from '../adapters/dynamo/observations.repo';
import { DynamoReportRepo } from '../adapters/dynamo/reports.repo';
import { PdfkitReportRenderer } from '../adapters/pdf/report.pdf';
import type { ReportsRoutesDeps } from '../routes/reports.routes';
import type { DataRoot } from './data.root';
import { recordsOnFirstUse } from './records.root';

/**
 * The reports Lambda's dependencies: the saved definitions, the ledger's own repositories (every
 * figure through `jobsiteLedger`) and the PDF renderer (pdfkit stays out of every other bundle).
 */
export function createReportsDeps(data: DataRoot, opts: { fontsDir: string }): ReportsRoutesDeps {
  const records = recordsOnFirstUse(data.db);
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
  };
}
