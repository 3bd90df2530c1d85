import { loadConfig } from '../config';
import { composeDispatchJob } from './compose';

const job = composeDispatchJob(loadConfig());

/** Invoked by the EventBridge schedule (and, locally, by the scheduler on the same cadence). */
export async function handler(): Promise<{ runId: string; due: number; checked: number }> {
  const run = await job.run();
  console.log(JSON.stringify({ level: 'info', message: 'dispatch run', ...run }));
  return { runId: run.runId, due: run.dueJobsites.length, checked: run.checkedJobsites };
}
