import { loadConfig } from '../config';
import { createAppRoot } from '../composition/app.root';
import { runDispatch } from '../core/dispatch/run-dispatch';

const { dispatch } = createAppRoot(loadConfig());

/** Invoked by the EventBridge schedule (and, locally, by the scheduler on the same cadence). */
export async function handler() {
  const run = await runDispatch(dispatch);
  console.log(
    JSON.stringify({
      level: 'info',
      message: 'dispatch run',
      ...run,
      dueJobsites: undefined,
      unjudged: run.unjudged.length,
    }),
  );
  return { runId: run.runId, due: run.due, judged: run.judged, sent: run.sent, failed: run.failed };
}
