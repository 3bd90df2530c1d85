import { createAppRoot } from '../../../lambdas/composition/app.root';
import { countCalls, runSlot } from '../../support/dispatch-calls';
import { stormSiteInChicago } from '../../support/dispatch';
import { mailTo } from '../../support/mailbox';
import { accountOnPlan, callApi } from '../../support/accounts';
import { testStack } from '../stack';

/**
 * The clients a batch's jobsites name, read for all the batch's accounts in one batched read
 * (issue 26 item 4), on DynamoDB Local through the composition root the Lambdas use: each client
 * told by its own account's notices, none by another's.
 */
// 04:45 in Chicago (CST, UTC−6) on Tuesday 8 December 2026: the notice for Wednesday the 9th.
const AT = new Date('2026-12-08T10:45:00.000Z');
const stack = testStack();
const root = createAppRoot(stack.lambdaConfig);
const counter = countCalls(root.client);
const tag = Date.now();
const ACCOUNTS = 3;
const clientEmails: string[] = [];

beforeAll(async () => {
  for (let a = 0; a < ACCOUNTS; a += 1) {
    const account = await accountOnPlan(stack, `client-reads-${a}`, 'enterprise');
    const worker = await callApi(stack, '/api/workers', {
      token: account.token,
      body: { name: `Crew ${a}`, email: `client-reads-crew-${a}-${tag}@example.com` },
    });
    expect(worker.status).toBe(201);
    const email = `owner-${a}-${tag}@example.com`;
    const client = await callApi(stack, '/api/clients', {
      token: account.token,
      body: { name: `Owner ${a} ${tag}`, email },
    });
    expect(client.status).toBe(201);
    clientEmails.push(email);
    for (let j = 0; j < 2; j += 1) {
      const site = stormSiteInChicago(`Client Yard ${a}-${j}-${tag}`, [worker.body.id], {
        noticeTime: { time: '04:45', forDay: 'next' },
      });
      const res = await callApi(stack, '/api/jobsites', {
        token: account.token,
        body: {
          ...site,
          clientId: client.body.id,
          recipients: { ...site.recipients, notifyClient: true },
        },
      });
      expect(res.status).toBe(201);
    }
  }
}, 120_000);

describe("a batch's clients", () => {
  it("should tell each client its own jobsites' notices, read for every account at once", async () => {
    counter.reset();
    const run = await runSlot(root.dispatch, counter, AT);
    expect(run.due).toBeGreaterThanOrEqual(ACCOUNTS * 2);
    for (const [a, email] of clientEmails.entries()) {
      const inbox = await mailTo(stack, email);
      expect(inbox).toHaveLength(2);
      for (const mail of inbox) expect(mail.body.text).toContain(`Client Yard ${a}-`);
    }
  }, 120_000);
});
