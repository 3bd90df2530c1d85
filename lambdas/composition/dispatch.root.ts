import { DynamoDispatchRunRepo, DynamoJobsiteScheduleRepo } from '../adapters/dynamo/dispatch.repo';
import type { DataRoot } from './data.root';

/** The scheduled dispatch: jobsite schedules and run records; no HTTP, no Stripe, no zod schemas. */
export function createDispatchDeps(data: DataRoot) {
  return {
    jobsites: new DynamoJobsiteScheduleRepo(data.db),
    runs: new DynamoDispatchRunRepo(data.db),
    clock: data.clock,
    ids: data.ids,
  };
}

export type DispatchDeps = ReturnType<typeof createDispatchDeps>;
