import path from 'node:path';
import { handle } from 'hono/aws-lambda';
import { loadConfig } from '../config';
import { liveApiGatewayAuthenticate } from '../composition/auth.root';
import { createDataRoot } from '../composition/data.root';
import { createReportsDeps } from '../composition/reports.root';
import { runReportSchedules } from '../core/reports/report-schedules';
import { createReportsApp } from './app';

// Built once per container; the fonts are read on the first PDF.
const config = loadConfig();
const data = createDataRoot(config);
// The fonts ship beside the bundle (infra/lambda-entries.ts, `assets`).
const reports = createReportsDeps(data, { fontsDir: path.join(__dirname, 'fonts') });
const http = handle(
  createReportsApp({ authenticate: liveApiGatewayAuthenticate(config, data.clock, data.db), reports }),
);

/** EventBridge's scheduled event (shared/schedules.ts, `reports`): the only non-HTTP event this gets. */
const isScheduledEvent = (event: unknown): boolean =>
  (event as { source?: string })?.source === 'aws.events' &&
  (event as { 'detail-type'?: string })['detail-type'] === 'Scheduled Event';

/**
 * API Gateway's requests (`/api/reports*`), and the hourly schedule that emails each scheduled report
 * once per period with the same PDF code (the renderer and its fonts live in this Lambda alone).
 */
export const handler = async (event: unknown, context: unknown) =>
  isScheduledEvent(event)
    ? runReportSchedules(reports)
    : http(event as Parameters<typeof http>[0], context as Parameters<typeof http>[1]);
