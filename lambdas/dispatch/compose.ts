import { randomUUID } from 'node:crypto';
import type { LambdaConfig } from '../config';
import { createDocumentClient } from '../adapters/dynamo/client';
import { createEntities } from '../adapters/dynamo/entities';
import { DynamoDispatchRunRepo, DynamoJobsiteScheduleRepo } from '../adapters/dynamo/dispatch.repo';
import { runDispatch } from '../core/run-dispatch';
import type { Clock } from '../core/ports';

/** The scheduled dispatch job wired to its adapters; the Lambda entry and the local scheduler share it. */
export function composeDispatchJob(config: LambdaConfig, clock: Clock = { now: () => new Date() }) {
  const db = createEntities(
    config.TABLE_NAME,
    createDocumentClient({ region: config.AWS_REGION, endpoint: config.DYNAMODB_ENDPOINT }),
  );
  const deps = {
    jobsites: new DynamoJobsiteScheduleRepo(db),
    runs: new DynamoDispatchRunRepo(db),
    clock,
    ids: { next: () => randomUUID() },
  };
  return {
    run: () => runDispatch(deps),
    recentRuns: (limit: number) => deps.runs.listRecent(limit),
  };
}
