import { loadConfig } from '../config';
import { createDataRoot } from '../composition/data.root';
import { createDispatchDeps } from '../composition/dispatch.root';
import { runDispatch } from '../core/dispatch/run-dispatch';

const dispatch = createDispatchDeps(createDataRoot(loadConfig()));

/** Invoked by the EventBridge schedule (and, locally, by the scheduler on the same cadence). */
export async function handler(): Promise<{ runId: string; due: number; checked: number }> {
  const run = await runDispatch(dispatch);
  console.log(JSON.stringify({ level: 'info', message: 'dispatch run', ...run }));
  return { runId: run.runId, due: run.dueJobsites.length, checked: run.checkedJobsites };
}
