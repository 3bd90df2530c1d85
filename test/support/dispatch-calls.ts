import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { createAppRoot } from '../../lambdas/composition/app.root';
import { workBatch } from '../../lambdas/core/dispatch/dispatch-batch';
import { planRun } from '../../lambdas/core/dispatch/run-dispatch';
import { callApi, type TestAccount } from './accounts';
import { stormSiteInChicago } from './dispatch';
import type { TestStackInfo } from './stack-process';

/**
 * What the dispatch-cost suites share: DynamoDB calls counted on the real SDK client of the
 * composition root the Lambdas use (by command), and one slot run as the admin's run does it.
 */
export function countCalls(client: DynamoDBClient) {
  const counted = { calls: 0, byCommand: new Map<string, number>() };
  client.middlewareStack.add(
    (next, context) => (args) => {
      counted.calls += 1;
      const command = String(context.commandName ?? 'unknown');
      counted.byCommand.set(command, (counted.byCommand.get(command) ?? 0) + 1);
      return next(args);
    },
    { step: 'initialize', name: 'dispatchCallCount' },
  );
  return {
    counted,
    reset() {
      counted.calls = 0;
      counted.byCommand.clear();
    },
  };
}

type Root = ReturnType<typeof createAppRoot>;

/** Plans the slot at `at` and works each of its batches (final attempt), counting the calls made. */
export async function runSlot(deps: Root['dispatch'], counter: ReturnType<typeof countCalls>, at: Date) {
  const { run, batches } = await planRun(deps, { at, trigger: 'admin' });
  for (const body of batches) await workBatch(deps, body, { finalAttempt: true });
  const calls = counter.counted.calls;
  const byCommand = Object.fromEntries(counter.counted.byCommand);
  const record = await deps.runs.get({ runId: run.runId, startedAt: run.startedAt });
  return {
    calls,
    byCommand,
    batches: batches.length,
    due: run.due,
    sent: record ? record.sent.notice + record.sent.update + record.sent.allClear : -1,
  };
}

/** `count` storm-pinned Chicago jobsites of the account, told to `workerIds` at `time` the day before. */
export async function addStormSites(
  stack: TestStackInfo,
  account: TestAccount,
  site: { count: number; name: string; workerIds: string[]; time: string },
) {
  for (let j = 0; j < site.count; j += 1) {
    const res = await callApi(stack, '/api/jobsites', {
      token: account.token,
      body: stormSiteInChicago(`${site.name} ${j}`, site.workerIds, {
        noticeTime: { time: site.time, forDay: 'next' },
      }),
    });
    if (res.status !== 201) throw new Error(`A jobsite was refused: ${res.status} ${res.text}`);
  }
}
