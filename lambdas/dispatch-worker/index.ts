import { loadConfig } from '../config';
import { createAppRoot } from '../composition/app.root';
import { powertoolsMetrics } from '../adapters/observability/powertools.metrics';
import { createDispatchWorkerHandler } from './app';

const { dispatch } = createAppRoot(loadConfig());

/** Consumes the dispatch queue (SQS event source, partial batch responses): see app.ts. */
export const handler = createDispatchWorkerHandler({
  ...dispatch,
  metrics: powertoolsMetrics('dispatch-worker'),
});
