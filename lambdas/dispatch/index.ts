import { loadConfig } from '../config';
import { createCompositionRoot } from '../composition-root';
import { runDispatch } from '../core/dispatch/run-dispatch';

const root = createCompositionRoot(loadConfig());

/** Invoked by the EventBridge schedule (and, locally, by the scheduler on the same cadence). */
export async function handler(): Promise<{ runId: string; due: number; checked: number }> {
  const run = await runDispatch(root.dispatch);
  console.log(JSON.stringify({ level: 'info', message: 'dispatch run', ...run }));
  return { runId: run.runId, due: run.dueJobsites.length, checked: run.checkedJobsites };
}
