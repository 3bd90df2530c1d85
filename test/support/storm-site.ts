import { callApi, type TestAccount } from './accounts';
import type { TestStackInfo } from './stack-process';

/** Gusts at or above 30 mph (48.28 km/h): the simulated `storm` meets it all day. */
export const CRANE_GUSTS = {
  id: 'crane-gusts',
  metric: 'wind_gusts',
  op: '>=',
  threshold: 48.28,
  label: 'crane gusts',
};

/** The same rule, labelled as the dispatch suites' notices name it. */
export const CRANE_GUST_LIMIT = { ...CRANE_GUSTS, label: 'the crane gust limit' };

/**
 * A Seattle jobsite pinned to the simulated `storm`, with one worker on it: what a notice test needs
 * to have one delay notice sent by the next run of its slot. Fails loudly if the API refuses.
 */
export async function stormSiteInSeattle(
  stack: TestStackInfo,
  account: TestAccount,
  site: { name: string; workerEmail: string; address?: string; noticeTimes?: object[] },
): Promise<{ siteId: string; workerId: string }> {
  const worker = await callApi(stack, '/api/workers', {
    token: account.token,
    body: { name: 'Wes Crew', email: site.workerEmail },
  });
  if (worker.status !== 201) throw new Error(`Worker not created: ${worker.text}`);
  const created = await callApi(stack, '/api/jobsites', {
    token: account.token,
    body: {
      name: site.name,
      ...(site.address ? { address: site.address } : {}),
      latitude: 47.6062,
      longitude: -122.3321,
      ...(site.noticeTimes ? { noticeTimes: site.noticeTimes } : {}),
      rules: [CRANE_GUSTS],
      recipients: { workerIds: [worker.body.id] },
      scenario: 'storm',
    },
  });
  if (created.status !== 201) throw new Error(`Jobsite not created: ${created.text}`);
  return { siteId: created.body.id as string, workerId: worker.body.id as string };
}
