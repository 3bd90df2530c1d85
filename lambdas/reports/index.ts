import path from 'node:path';
import { handle } from 'hono/aws-lambda';
import { loadConfig } from '../config';
import { liveApiGatewayAuthenticate } from '../composition/auth.root';
import { createDataRoot } from '../composition/data.root';
import { createReportsDeps } from '../composition/reports.root';
import { createReportsApp } from './app';

// Built once per container; the fonts are read on the first PDF.
const config = loadConfig();
const data = createDataRoot(config);

export const handler = handle(
  createReportsApp({
    authenticate: liveApiGatewayAuthenticate(config, data.clock, data.db),
    // The fonts ship beside the bundle (infra/lambda-entries.ts, `assets`).
    reports: createReportsDeps(data, { fontsDir: path.join(__dirname, 'fonts') }),
  }),
);
