import { createAppRoot } from '../../../lambdas/composition/app.root';
import { workBatch } from '../../../lambdas/core/dispatch/dispatch-batch';
import { planRun } from '../../../lambdas/core/dispatch/run-dispatch';
import { addStormSites, countCalls, runSlot } from '../../support/dispatch-calls';
import { mailTo } from '../../support/mailbox';
import { testStack } from '../stack';
import { accountOnPlan, callApi } from '../../support/accounts';

/**
 * What a quiet re-run of a slot costs in DynamoDB when some workers are texted (issue 26: at most 2
 * calls per due jobsite): Enterprise accounts whose texted workers said YES, counted on the real SDK
 * client of the composition root the Lambdas use, against DynamoDB Local and the local SMS server.
 * A re-run must neither read the texted numbers' consents again, nor claim their texts again, nor
 * claim the details link's short code again. A count, not a time.
 */
// 04:15 in Chicago (CST, UTC−6) on Tuesday 8 December 2026: the notice for Wednesday the 9th.
const AT = new Date('2026-12-08T10:15:00.000Z');
const [ACCOUNTS, JOBSITES_PER_ACCOUNT] = [3, 10];
const stack = testStack();
const root = createAppRoot(stack.lambdaConfig);
const counter = countCalls(root.client);
const tag = Date.now();

interface Text {
  to: string;
  body: string;
  direction: 'out' | 'in';
}

/** The notices texted to a number (not the consent ask and its answer): they name this file's yards. */
async function noticesTextedTo(phone: string): Promise<Text[]> {
  const res = await fetch(`${stack.smsOutboxUrl}/messages`);
  return ((await res.json()) as Text[]).filter(
    (t) => t.direction === 'out' && t.to === phone && t.body.includes(`-${tag} `),
  );
}

async function replyYes(from: string) {
  const res = await fetch(`${stack.smsOutboxUrl}/inbound`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ from, body: 'YES' }),
  });
  expect(res.status).toBe(201);
}

const emails: string[] = [];
const phones: string[] = [];

beforeAll(async () => {
  let n = 0;
  for (let a = 0; a < ACCOUNTS; a += 1) {
    const account = await accountOnPlan(stack, `quiet-texts-${a}`, 'enterprise');
    const workerIds: string[] = [];
    for (const name of ['Quinn', 'Sasha', 'Tatum']) {
      const email = `${name.toLowerCase()}-texts-${a}-${tag}@example.com`;
      // Quinn is emailed only; Sasha and Tatum are texted too.
      const phone = name === 'Quinn' ? null : `+1206555${String((tag + (n += 1)) % 10000).padStart(4, '0')}`;
      const body = { name: `${name} ${a}`, email, ...(phone ? { phone, smsOptIn: true } : {}) };
      const res = await callApi(stack, '/api/workers', { token: account.token, body });
      expect(res.status).toBe(201);
      workerIds.push(res.body.id);
      emails.push(email);
      if (!phone) continue;
      phones.push(phone);
      await replyYes(phone);
      const saved = await callApi(stack, `/api/workers/${res.body.id}`, { token: account.token });
      expect(saved.body.sms).toEqual({ status: 'on' });
    }
    const yards = { count: JOBSITES_PER_ACCOUNT, name: `Texted Yard ${a}-${tag}`, time: '04:15' };
    await addStormSites(stack, account, { ...yards, workerIds });
  }
}, 120_000);

describe('a quiet re-run of a slot whose workers are texted too', () => {
  it('should cost few writes per first-run text, then at most 2 DynamoDB calls per due jobsite and text nobody again', async () => {
    const deps = root.dispatch;
    counter.reset();
    const first = await runSlot(deps, counter, AT);
    expect(first.due).toBeGreaterThanOrEqual(ACCOUNTS * JOBSITES_PER_ACCOUNT);
    for (const phone of phones) expect(await noticesTextedTo(phone)).toHaveLength(JOBSITES_PER_ACCOUNT);
    // A first-run text takes its allowance in the batch's block and is marked and remembered with the
    // batch's other texts (a transaction per 50): no single-item write per text of its own (main made
    // 3.6 per text here: the allowance, the mark, the delivery record), 6 calls a jobsite where main made 11.4.
    const texted = phones.length * JOBSITES_PER_ACCOUNT;
    const { UpdateItemCommand: updates = 0, PutItemCommand: firstPuts = 0 } = first.byCommand;
    expect((updates + firstPuts) / texted).toBeLessThanOrEqual(1);
    expect(first.calls / first.due).toBeLessThanOrEqual(8);

    counter.reset();
    const quiet = await runSlot(deps, counter, AT);

    expect(quiet.due).toBe(first.due);
    expect(quiet.sent).toBe(0);
    // Neither a consent read (GetItem) nor a refused claim or short code (PutItem) per text or
    // jobsite (5 a jobsite here when written): what is left is the run's record and each account's brand.
    const { GetItemCommand: gets = 0, PutItemCommand: puts = 0 } = quiet.byCommand;
    expect(gets + puts).toBeLessThan(quiet.due / 2);
    expect(quiet.calls / quiet.due).toBeLessThanOrEqual(2);
    // Each worker got one notice per jobsite, by email and (Sasha, Tatum) by text, whatever the two runs did.
    for (const phone of phones) expect(await noticesTextedTo(phone)).toHaveLength(JOBSITES_PER_ACCOUNT);
    for (const email of emails) expect(await mailTo(stack, email)).toHaveLength(JOBSITES_PER_ACCOUNT);
  }, 120_000);

  it('should text each worker once when three workers work the same batch at once', async () => {
    const account = await accountOnPlan(stack, 'parallel-texts', 'enterprise');
    const mine: string[] = [];
    const workerIds: string[] = [];
    for (let w = 0; w < 3; w += 1) {
      const phone = `+1206556${String((tag + w) % 10000).padStart(4, '0')}`;
      const body = {
        name: `Parallel ${w}`,
        email: `parallel-${w}-${tag}@example.com`,
        phone,
        smsOptIn: true,
      };
      const res = await callApi(stack, '/api/workers', { token: account.token, body });
      expect(res.status).toBe(201);
      workerIds.push(res.body.id);
      mine.push(phone);
      await replyYes(phone);
    }
    const yards = { count: 6, name: `Parallel Yard-${tag}`, time: '04:30' };
    await addStormSites(stack, account, { ...yards, workerIds });
    // 04:30 in Chicago: the batch is worked by three workers at once (a redriven queue message).
    const { batches } = await planRun(root.dispatch, {
      at: new Date('2026-12-08T10:30:00.000Z'),
      trigger: 'admin',
    });
    for (const body of batches)
      await Promise.all([1, 2, 3].map(() => workBatch(root.dispatch, body, { finalAttempt: true })));
    for (const phone of mine) expect(await noticesTextedTo(phone)).toHaveLength(yards.count);
  }, 120_000);
});
