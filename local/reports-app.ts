import path from 'node:path';
import { REPOSITORY_FONTS_DIR } from '../lambdas/adapters/pdf/report.pdf';
import type { DataRoot } from '../lambdas/composition/data.root';
import { createReportsDeps } from '../lambdas/composition/reports.root';
import { runReportSchedules } from '../lambdas/core/reports/report-schedules';
import { createReportsApp, REPORTS_PREFIX } from '../lambdas/reports/app';
import { ROOT_DIR } from './settings';

/**
 * The reports Lambda (issue 25) on the local stack: custom reports, their PDF (pdfkit) and CSV bundle,
 * and the schedules' hourly run.
 */
export function localReportsApp(
  root: DataRoot,
  authenticate: Parameters<typeof createReportsApp>[0]['authenticate'],
) {
  // The fonts sit in the repository here; in AWS they are copied beside the bundle.
  const reports = createReportsDeps(root, { fontsDir: path.join(ROOT_DIR, REPOSITORY_FONTS_DIR) });
  return {
    prefix: REPORTS_PREFIX,
    app: createReportsApp({ authenticate, reports }),
    /** The reports Lambda's scheduled run (shared/schedules.ts `reports`), for the local scheduler. */
    runSchedules: () => runReportSchedules(reports),
  };
}
