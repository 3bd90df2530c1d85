import { loadConfig } from '../config';
import { createDispatchLambdaDeps } from '../composition/messaging.root';
import { powertoolsMetrics } from '../adapters/observability/powertools.metrics';
import { SqsDispatchQueue } from '../adapters/sqs/dispatch-queue.sqs';
import { planAndEnqueue, runDispatch } from '../core/dispatch/run-dispatch';
import { builtOnFirstUse } from '../composition/built-on-first-use';

const config = loadConfig();
const dispatch = createDispatchLambdaDeps(config);
const deps = { ...dispatch, metrics: powertoolsMetrics('dispatch') };
const url = config.DISPATCH_QUEUE_URL;
const queue = url ? builtOnFirstUse(() => new SqsDispatchQueue(url)) : null;

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
