import { accountOnPlan, callApi, type TestAccount } from './accounts';
import type { TestStackInfo } from './stack-process';
import { CRANE_GUST_LIMIT } from './storm-site';

/**
 * What the dispatch suites share: the seeded admin's "run now" route, a Premium account, and a
 * Chicago jobsite pinned to the simulated `storm`, so the run at a given instant sends its notices.
 */

/** The admin the local stack seeds (local/seed.ts). */
export { seededAdminToken as adminToken } from './cognito';

/** The admin's "run now" at `at` (UTC ISO), as the admin page calls it; fails unless it answers 200. */
export async function runDispatch(stack: TestStackInfo, admin: string, at: string) {
  const res = await callApi(stack, '/api/admin/dispatch/run', { token: admin, body: { at } });
  if (res.status !== 200) throw new Error(`The dispatch run at ${at} answered ${res.status}: ${res.text}`);
  return res.body;
}

/** A new account on the Premium plan (the plan with SMS, analytics and ten jobsites). */
export async function premiumAccount(stack: TestStackInfo, prefix: string): Promise<TestAccount> {
  return accountOnPlan(stack, prefix, 'premium');
}

/** The notice the morning of the working day itself. */
export const FIVE_AM_SAME_DAY = { time: '05:00', forDay: 'same' };

/**
 * The body of a jobsite in downtown Chicago (CST, UTC−6) pinned to the simulated `storm`, whose
 * notices go to `workerIds`: the next run of its notice slot sends each of them a delay notice.
 */
export function stormSiteInChicago(
  name: string,
  workerIds: string[],
  { noticeTime = FIVE_AM_SAME_DAY, rules = [CRANE_GUST_LIMIT] as object[] } = {},
) {
  return {
    name,
    latitude: 41.8781,
    longitude: -87.6298,
    noticeTimes: [noticeTime],
    rules,
    recipients: { workerIds },
    scenario: 'storm',
  };
}
