import { createAppRoot } from '../../../lambdas/composition/app.root';
import { addStormSites, countCalls, runSlot } from '../../support/dispatch-calls';
import { mailTo } from '../../support/mailbox';
import { testStack } from '../stack';
import { callApi, type TestAccount } from '../../support/accounts';
import { premiumAccount } from '../../support/dispatch';

/**
 * What a quiet re-run of a slot costs in DynamoDB (issue 26: at most 2 calls per due jobsite), counted
 * on the real SDK client of the composition root the Lambdas use, against DynamoDB Local: the planner
 * and the worker's batch, as the admin's run does them. A count, not a time.
 */
const stack = testStack();
const root = createAppRoot(stack.lambdaConfig);
const api = (pathname: string, init: Parameters<typeof callApi>[2] = {}) => callApi(stack, pathname, init);

// 03:45 in Chicago (CST, UTC−6) on Tuesday 8 December 2026: the notice for Wednesday the 9th.
const AT = new Date('2026-12-08T09:45:00.000Z');
const ACCOUNTS = 3;
const JOBSITES_PER_ACCOUNT = 10;
const tag = Date.now();

const counter = countCalls(root.client);

/**
 * What the dispatch adds to the daily delivery counters, seen on its way to DynamoDB (the table is
 * shared with the other test files, whose emails count on the same day).
 */
const counted: number[] = [];
const delivery = {
  add: (date: string, counts: { sent?: number }) => {
    counted.push(counts.sent ?? 0);
    return root.delivery.add(date, counts);
  },
};

const runSlotAt = () => runSlot({ ...root.dispatch, delivery }, counter, AT);

let emails: string[] = [];

beforeAll(async () => {
  for (let a = 0; a < ACCOUNTS; a += 1) {
    const account: TestAccount = await premiumAccount(stack, `quiet-${a}`);
    const workerIds: string[] = [];
    for (const name of ['Quinn', 'Rowan']) {
      const email = `${name.toLowerCase()}-${a}-${tag}@example.com`;
      const res = await api('/api/workers', { token: account.token, body: { name: `${name} ${a}`, email } });
      expect(res.status).toBe(201);
      workerIds.push(res.body.id);
      emails.push(email);
    }
    await addStormSites(stack, account, {
      count: JOBSITES_PER_ACCOUNT,
      name: `Quiet Yard ${a}-${tag}`,
      workerIds,
      time: '03:45',
    });
  }
}, 120_000);

afterAll(() => {
  emails = [];
});

describe('a quiet re-run of a slot', () => {
  it('should cost at most 2 DynamoDB calls per due jobsite and send nothing again', async () => {
    counter.reset();
    const first = await runSlotAt();
    expect(first.due).toBeGreaterThanOrEqual(ACCOUNTS * JOBSITES_PER_ACCOUNT);
    expect(first.sent).toBeGreaterThanOrEqual(ACCOUNTS * JOBSITES_PER_ACCOUNT * 2);
    // Sending costs no DynamoDB call per message (issue 26 item 4): the jobsites in flight claim
    // their messages together; marks, decisions and the delivery counter go 25 a call. Per message
    // it was 4 calls (claim, mark, counter, webhook endpoints), so a first run cost more than 4 per
    // message; now all of it, planner, reads and writes, costs less than 2 (72 calls for 30
    // jobsites and 60 messages when written).
    expect(first.calls / first.sent).toBeLessThan(2);
    // Each email SES accepted is counted once in the day's delivery counter, by one write per batch.
    expect(counted.reduce((a, b) => a + b, 0)).toBe(first.sent);
    expect(counted.length).toBeLessThanOrEqual(first.batches);
    counted.length = 0;

    counter.reset();
    const quiet = await runSlotAt();
    const perJobsite = quiet.calls / quiet.due;

    expect(quiet.due).toBe(first.due);
    expect(quiet.sent).toBe(0);
    expect(perJobsite).toBeLessThanOrEqual(2);
    expect(counted).toEqual([]);
    // Each worker got one notice per jobsite, whatever the two runs did.
    for (const email of emails) expect(await mailTo(stack, email)).toHaveLength(JOBSITES_PER_ACCOUNT);
  }, 120_000);
});
