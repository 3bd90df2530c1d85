import { createDocumentClient } from '../../../lambdas/adapters/dynamo/client';
import { createRaincheckService } from '../../../lambdas/adapters/dynamo/service';
import { apiFor, type TestAccount } from '../../support/accounts';
import { mailTo } from '../../support/mailbox';
import { testStack } from '../stack';
import { adminToken, premiumAccount, runDispatch, stormSiteInChicago } from '../../support/dispatch';

/**
 * The account's suppression list through the real path: an address unsubscribed from one worker
 * record gets nothing on any other record of that account (a legacy duplicate, a worker added again
 * after being deleted), and every record of the address shows it.
 */
const stack = testStack();
const mailToStack = (address: string) => mailTo(stack, address);
const api = apiFor(stack);
const db = createRaincheckService(
  stack.lambdaConfig.TABLE_NAME,
  createDocumentClient({ region: stack.lambdaConfig.AWS_REGION, endpoint: stack.dynamoUrl }),
);

// Thursday 3 December 2026, 05:00 in Chicago (CST, UTC−6).
const AT = '2026-12-03T11:00:00.000Z';

let admin: string;
let account: TestAccount;

const runAt = (at = AT) => runDispatch(stack, admin, at);

async function createWorker(name: string, email: string): Promise<string> {
  const res = await api('/api/workers', { token: account.token, body: { name, email } });
  expect(res.status).toBe(201);
  return res.body.id as string;
}

beforeAll(async () => {
  admin = await adminToken(stack);
  account = await premiumAccount(stack, 'suppression');
});

describe('the suppression list', () => {
  it('should send nothing to an address unsubscribed from one record, whatever other record it sits on', async () => {
    const tag = Date.now();
    const shared = `casey-${tag}@example.com`;
    const other = `drew-${tag}@example.com`;
    const first = await createWorker('Casey Park', shared);
    const drew = await createWorker('Drew Hale', other);
    // A second record of the same address, as older data holds (written before emails were unique).
    const legacy = `legacy-${tag}`;
    const now = new Date().toISOString();
    await db.entities.worker
      .put({
        tenantId: account.userId,
        workerId: legacy,
        name: 'Casey P.',
        email: shared,
        crewIds: [],
        isManager: false,
        status: 'active',
        createdAt: now,
        updatedAt: now,
      })
      .go();
    const site = await api('/api/jobsites', {
      token: account.token,
      body: {
        ...stormSiteInChicago(`Suppression Yard ${tag}`, [first, drew, legacy]),
        latitude: 41.95,
        longitude: -87.75,
      },
    });
    expect(site.status).toBe(201);

    await runAt();
    const notice = await mailToStack(shared);
    expect(notice).toHaveLength(1);
    const token = /\/unsubscribe\?token=([^\s"<>]+)/.exec(notice[0]!.body.text ?? '')?.[1];
    expect(token).toBeDefined();
    const done = await api('/api/unsubscribe', { body: { token: decodeURIComponent(token!) } });
    expect(done).toMatchObject({ status: 200, body: { status: 'unsubscribed' } });

    // Every record of the address shows it, not only the one the link was made for.
    const listed = await api('/api/workers?limit=100', { token: account.token });
    const statusOf = (id: string) =>
      (listed.body.items as { id: string; status: string }[]).find((w) => w.id === id)?.status;
    expect([statusOf(first), statusOf(legacy), statusOf(drew)]).toEqual([
      'unsubscribed',
      'unsubscribed',
      'active',
    ]);

    // The delay clears: the all-clear goes to the others only.
    const cleared = await api.put(account, `/api/jobsites/${site.body.id}`, { scenario: 'clear' });
    expect(cleared.status).toBe(200);
    await runAt();
    expect(await mailToStack(shared)).toHaveLength(1);
    expect((await mailToStack(other)).map((m) => m.subject.replace(/ at .*/, ''))).toEqual([
      '[Simulated weather] Full-day delay',
      '[Simulated weather] All clear',
    ]);

    // Deleted and added again, the address is still suppressed for this account.
    for (const id of [first, legacy])
      expect((await api(`/api/workers/${id}`, { method: 'DELETE', token: account.token })).status).toBe(204);
    const again = await createWorker('Casey Park', shared);
    const storm = await api.put(account, `/api/jobsites/${site.body.id}`, {
      scenario: 'storm',
      recipients: { workerIds: [again, drew] },
    });
    expect(storm.status).toBe(200);
    await runAt();
    expect(await mailToStack(shared)).toHaveLength(1);
    expect(await mailToStack(other)).toHaveLength(3);
  });
});
