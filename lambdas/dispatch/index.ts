import { loadConfig } from '../config';
import { createAppRoot } from '../composition/app.root';
import { powertoolsMetrics } from '../adapters/observability/powertools.metrics';
import { SqsDispatchQueue } from '../adapters/sqs/dispatch-queue.sqs';
import { planAndEnqueue, runDispatch } from '../core/dispatch/run-dispatch';

const config = loadConfig();
const { dispatch } = createAppRoot(config);
const deps = { ...dispatch, metrics: powertoolsMetrics('dispatch') };
const queue = config.DISPATCH_QUEUE_URL ? new SqsDispatchQueue(config.DISPATCH_QUEUE_URL) : null;

/**
 * Invoked by the EventBridge schedule: the planner. It records the run and queues its batches for the
 * `dispatch-worker` Lambda; without a queue (never in AWS) it runs them in process.
 */
export async function handler() {
  try {
    const run = queue ? await planAndEnqueue(deps, queue) : await runDispatch(deps);
    return { runId: run.runId, due: run.due, batches: run.batches ?? 0 };
  } finally {
    deps.metrics.flush();
  }
}
