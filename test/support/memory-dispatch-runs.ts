import type {
  BatchTally,
  DispatchRun,
  DispatchRunRepo,
  RunRef,
} from '../../lambdas/core/dispatch/dispatch.ports';

/**
 * Unit tests' stand-in for the run records (DynamoDB in the product): `addBatch` counts a batch once,
 * as the conditional marker does, and `stored` keeps the runs in the order they were recorded.
 */
export function memoryDispatchRuns(): DispatchRunRepo & { stored: DispatchRun[] } {
  const stored: DispatchRun[] = [];
  const counted = new Set<string>();
  const find = (ref: RunRef) => stored.find((r) => r.runId === ref.runId && r.startedAt === ref.startedAt);
  return {
    stored,
    record: async (run) => void stored.push(structuredClone(run)),
    addBatch: async (ref, tally: BatchTally) => {
      const run = find(ref);
      if (!run) throw new Error(`No run ${ref.runId}`);
      const key = `${ref.runId}#${tally.batchNo}`;
      if (counted.has(key)) return false;
      counted.add(key);
      run.judged += tally.judged;
      run.upstreamCalls += tally.upstreamCalls;
      run.forecastCacheHits = (run.forecastCacheHits ?? 0) + tally.forecastCacheHits;
      run.failed += tally.failed;
      run.batchesDone = (run.batchesDone ?? 0) + 1;
      for (const k of ['notice', 'update', 'allClear'] as const) run.sent[k] += tally.sent[k];
      run.unjudged.push(...structuredClone(tally.unjudged));
      run.errors.push(...tally.errors);
      run.finishedAt = tally.finishedAt;
      return true;
    },
    addAttempt: async (ref, counts) => {
      const run = find(ref);
      if (!run) throw new Error(`No run ${ref.runId}`);
      run.upstreamCalls += counts.upstreamCalls;
      run.forecastCacheHits = (run.forecastCacheHits ?? 0) + counts.forecastCacheHits;
      for (const k of ['notice', 'update', 'allClear'] as const) run.sent[k] += counts.sent[k];
    },
    get: async (ref) => {
      const run = find(ref);
      return run ? structuredClone(run) : null;
    },
    listRecent: async (limit) =>
      stored
        .slice()
        .reverse()
        .slice(0, limit)
        .map((r) => structuredClone(r)),
  };
}
