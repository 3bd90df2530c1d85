import { createAppRoot } from '../../../lambdas/composition/app.root';
import { tenantFromStore } from '../../../lambdas/core/caller';
import { suppressAddress } from '../../../lambdas/core/email/suppression';
import { DynamoSuppressionList } from '../../../lambdas/adapters/dynamo/suppression-list.repo';
import { DynamoWorkerStatusRepo } from '../../../lambdas/adapters/dynamo/worker-status.repo';
import { countCalls, runSlot } from '../../support/dispatch-calls';
import { mailTo } from '../../support/mailbox';
import { testStack } from '../stack';
import { apiFor, type TestAccount } from '../../support/accounts';
import { premiumAccount, stormSiteInChicago } from '../../support/dispatch';

/**
 * A warm dispatch process (one composition root, as one worker Lambda) reads an account's workers
 * again only when a worker write moved its roster version, and its suppressed addresses only once it
 * has some (issue 26): over DynamoDB Local and the SES emulator, the reads counted at the roster store
 * and the suppression list the dispatch was built with, the messages counted in the mailbox.
 */
const stack = testStack();
const root = createAppRoot(stack.lambdaConfig);
const api = apiFor(stack);

// 02:45 in Chicago (CST, UTC−6) on Tuesday 8 December 2026: the notice for Wednesday the 9th (a
// slot no other suite uses: the stack's table is shared, and only this file's accounts are due).
const AT = new Date('2026-12-08T08:45:00.000Z');
const tag = Date.now();
const counter = countCalls(root.client);

const rosters = root.dispatch.rosters!;
const reads = { workers: [] as string[], suppressions: [] as string[] };
const workersOf = rosters.store.workersOf.bind(rosters.store);
rosters.store.workersOf = (t) => (reads.workers.push(t), workersOf(t));
const reasonsOf = root.dispatch.suppressions.reasonsOf.bind(root.dispatch.suppressions);
root.dispatch.suppressions.reasonsOf = (t) => (reads.suppressions.push(t), reasonsOf(t));

interface Seeded {
  account: TestAccount;
  workerIds: string[];
  emails: string[];
  siteIds: string[];
}
const seeded: Seeded[] = [];

async function addWorker(account: TestAccount, name: string): Promise<{ id: string; email: string }> {
  const email = `${name.toLowerCase().replace(/\W/g, '-')}-${tag}@example.com`;
  const res = await api('/api/workers', { token: account.token, body: { name, email } });
  expect(res.status).toBe(201);
  return { id: res.body.id as string, email };
}

const runAt = async () => {
  counter.reset();
  reads.workers = [];
  reads.suppressions = [];
  return runSlot(root.dispatch, counter, AT);
};
const sorted = (ids: string[]) => [...ids].sort();

beforeAll(async () => {
  for (const a of [0, 1]) {
    const account = await premiumAccount(stack, `roster-${a}`);
    const workers = [await addWorker(account, `Ash ${a}`), await addWorker(account, `Bay ${a}`)];
    const siteIds: string[] = [];
    for (const j of [0, 1]) {
      const res = await api('/api/jobsites', {
        token: account.token,
        body: stormSiteInChicago(
          `Roster Yard ${a}-${j}-${tag}`,
          workers.map((w) => w.id),
          { noticeTime: { time: '02:45', forDay: 'next' } },
        ),
      });
      expect(res.status).toBe(201);
      siteIds.push(res.body.id as string);
    }
    seeded.push({
      account,
      workerIds: workers.map((w) => w.id),
      emails: workers.map((w) => w.email),
      siteIds,
    });
  }
}, 120_000);

describe("a warm dispatch process and the accounts' rosters", () => {
  it('should read workers again only after a worker write, and suppressions only where there are some', async () => {
    const [a, b] = seeded as [Seeded, Seeded];
    const ids = [a.account.userId, b.account.userId];
    const first = await runAt();
    expect(first.sent).toBe(8);
    // Read once each, whatever the batches; their suppressions too (not known yet), found empty and
    // recorded so.
    expect(sorted(reads.workers)).toEqual(sorted(ids));
    expect(sorted(reads.suppressions)).toEqual(sorted(ids));

    const quiet = await runAt();
    expect(quiet.sent).toBe(0);
    expect(reads).toEqual({ workers: [], suppressions: [] });

    // Account a: an address unsubscribed (the list gets it, its worker record is marked). Account b:
    // a worker added and told of both jobsites (a jobsite write, and a worker write before it).
    const tenant = tenantFromStore(a.account.userId);
    await suppressAddress(
      { tenant, email: a.emails[0]!, reason: 'unsubscribed', at: new Date().toISOString() },
      { workers: new DynamoWorkerStatusRepo(root.db), suppressions: new DynamoSuppressionList(root.db) },
    );
    const added = await addWorker(b.account, 'Cove 1');
    for (const siteId of b.siteIds) {
      const res = await api.put(b.account, `/api/jobsites/${siteId}`, {
        recipients: { workerIds: [...b.workerIds, added.id] },
      });
      expect(res.status).toBe(200);
    }
    const after = await runAt();
    expect(sorted(reads.workers)).toEqual(sorted(ids));
    expect(reads.suppressions).toEqual([a.account.userId]);
    // The added worker hears of both jobsites' day; nobody else hears anything again.
    expect(await mailTo(stack, added.email)).toHaveLength(2);
    for (const email of [...a.emails, ...b.emails]) expect(await mailTo(stack, email)).toHaveLength(2);
    expect(after.sent).toBe(2);

    const quietAgain = await runAt();
    expect(quietAgain.sent).toBe(0);
    // Account a has a suppressed address now: its list is read each time; no worker list is.
    expect(reads).toEqual({ workers: [], suppressions: [a.account.userId] });
  }, 120_000);
});
