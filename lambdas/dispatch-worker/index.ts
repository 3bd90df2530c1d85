import { loadConfig } from '../config';
import { createDispatchLambdaDeps } from '../composition/messaging.root';
import { powertoolsMetrics } from '../adapters/observability/powertools.metrics';
import { createDispatchWorkerHandler } from './app';

const dispatch = createDispatchLambdaDeps(loadConfig());

/** Consumes the dispatch queue (SQS event source, partial batch responses): see app.ts. */
export const handler = createDispatchWorkerHandler({
  ...dispatch,
  metrics: powertoolsMetrics('dispatch-worker'),
});
