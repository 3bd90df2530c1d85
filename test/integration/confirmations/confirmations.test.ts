import { mailTo } from '../../support/mailbox';
import { testStack } from '../stack';
import { apiFor, newAccount, type TestAccount } from '../../support/accounts';
import { adminToken, premiumAccount, runDispatch, stormSiteInChicago } from '../../support/dispatch';

/**
 * Crew confirmation and escalation through the real run: the jobsite's foreman set through the API,
 * the admin's "run now" with `at`, the simulated provider pinned to `storm`, DynamoDB Local and the
 * SES emulator; the links are followed signed out, as a foreman on a phone does.
 */
const stack = testStack();
const api = apiFor(stack);

// Thursday 10 January 2030 in Chicago (CST, UTC−6): far from other suites' days, so no other run's
// sweep reaches these requests. The notice goes at 05:00; the window is 30 minutes.
const WORK_DATE = '2030-01-10';
const AT_0500 = '2030-01-10T11:00:00.000Z';
const AT_0515 = '2030-01-10T11:15:00.000Z';
const AT_0530 = '2030-01-10T11:30:00.000Z';
const AT_0545 = '2030-01-10T11:45:00.000Z';

let admin: string;
let account: TestAccount;
const tag = Date.now();
const addressOf = (name: string) => `${name}-${tag}@example.com`;

const runAt = (at: string) => runDispatch(stack, admin, at);

async function worker(name: string, isManager = false) {
  const res = await api('/api/workers', {
    token: account.token,
    body: { name, email: addressOf(name.toLowerCase().replace(/\W+/g, '-')), isManager },
  });
  expect(res.status).toBe(201);
  return { id: res.body.id as string, email: res.body.email as string };
}

async function site(name: string, recipients: string[]) {
  const res = await api('/api/jobsites', {
    token: account.token,
    body: stormSiteInChicago(`${name} ${tag}`, recipients),
  });
  expect(res.status).toBe(201);
  return res.body.id as string;
}

/** The foreman's link for `answer` in their notice, as the email's button holds it. */
async function linkIn(address: string, answer: 'stood-down' | 'working') {
  const mail = await mailTo(stack, address);
  expect(mail).toHaveLength(1);
  const match = new RegExp(
    `${stack.appUrl.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/c/([^?\\s"]+)\\?answer=${answer}`,
  ).exec(mail[0]!.body.text ?? '');
  expect(match).not.toBeNull();
  return decodeURIComponent(match![1]!);
}

const escalationsTo = async (address: string) =>
  (await mailTo(stack, address)).filter((m) => m.subject.startsWith('Not confirmed'));

let manager: { id: string; email: string };
let ana: { id: string; email: string };
let ben: { id: string; email: string };
let confirmedSite: string;
let silentSite: string;

beforeAll(async () => {
  admin = await adminToken(stack);
  account = await premiumAccount(stack, 'confirm');
  // The account's own address is on its saved profile: escalations go there too.
  const profile = await api.put(account, '/api/me/profile', {
    name: 'Owner',
    company: `Acme ${tag}`,
    units: 'us',
  });
  expect(profile.status).toBe(200);
  manager = await worker('Cy Manager', true);
  ana = await worker('Ana Foreman');
  ben = await worker('Ben Foreman');
  confirmedSite = await site('Harbor Crane Pad', [manager.id]);
  silentSite = await site('Steel Deck', [manager.id]);
});

describe('crew confirmation', () => {
  it('should refuse a foreman who is not one of the account’s workers, naming the field', async () => {
    const other = await newAccount(stack, 'confirm-other');
    const stranger = await api('/api/workers', {
      token: other.token,
      body: { name: 'Stranger', email: addressOf('stranger') },
    });
    const res = await api.put(account, `/api/jobsites/${confirmedSite}`, {
      foremanWorkerId: stranger.body.id,
    });
    expect(res.status).toBe(400);
    expect(res.body.fields).toHaveProperty('foremanWorkerId');
  });

  it('should refuse an escalation window outside 5 to 240 minutes, naming the field', async () => {
    for (const escalationMinutes of [4, 241, 12.5]) {
      const res = await api.put(account, `/api/jobsites/${confirmedSite}`, { escalationMinutes });
      expect(res.status).toBe(400);
      expect(res.body.fields).toHaveProperty('escalationMinutes');
    }
  });

  it('should keep the foreman and the window the contractor sets', async () => {
    const set = await api.put(account, `/api/jobsites/${confirmedSite}`, {
      foremanWorkerId: ana.id,
      escalationMinutes: 30,
    });
    expect(set.status).toBe(200);
    expect(set.body).toEqual(expect.objectContaining({ foremanWorkerId: ana.id, escalationMinutes: 30 }));
    const silent = await api.put(account, `/api/jobsites/${silentSite}`, { foremanWorkerId: ben.id });
    expect(silent.body.escalationMinutes).toBe(30);
  });

  it('should email the foreman a notice with two answer links, even when not a listed recipient', async () => {
    await runAt(AT_0500);
    const [notice] = await mailTo(stack, ana.email);
    expect(notice!.body.html).toContain('Crew stood down');
    expect(notice!.body.html).toContain('Working anyway');
    await linkIn(ana.email, 'stood-down');
    await linkIn(ben.email, 'working');
  });

  it('should show the link’s day signed out, and refuse another answer or a forged link', async () => {
    const token = await linkIn(ana.email, 'stood-down');
    const view = await api(`/api/confirmations/${encodeURIComponent(token)}`);
    expect(view.status).toBe(200);
    expect(view.body).toEqual(
      expect.objectContaining({
        jobsiteName: `Harbor Crane Pad ${tag}`,
        workDate: WORK_DATE,
        answered: false,
      }),
    );
    const maybe = await api(`/api/confirmations/${encodeURIComponent(token)}`, { body: { answer: 'maybe' } });
    expect(maybe.status).toBe(400);
    expect(maybe.body.fields).toHaveProperty('answer');
    const forged = await api(`/api/confirmations/${encodeURIComponent(`${token.slice(0, -3)}abc`)}`, {
      body: { answer: 'working' },
    });
    expect(forged.status).toBe(404);
  });

  it('should record one answer when two different answers arrive at once', async () => {
    const token = encodeURIComponent(await linkIn(ana.email, 'stood-down'));
    const [a, b] = await Promise.all([
      api(`/api/confirmations/${token}`, { body: { answer: 'stood-down' } }),
      api(`/api/confirmations/${token}`, { body: { answer: 'working' } }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const winner = a.status === 200 ? a.body : b.body;
    const view = await api(`/api/confirmations/${token}`);
    expect(view.body).toEqual(expect.objectContaining({ answered: true, answer: winner.answer }));
    expect(view.body.line).toMatch(
      /^Confirmed by Ana Foreman at \d\d:\d\d: (crew stood down|working anyway) \(email link\)$/,
    );
  });

  it('should list the answer for the jobsite’s day to the signed-in contractor only', async () => {
    const query = `/api/confirmations?jobsiteId=${confirmedSite}&from=${WORK_DATE}&to=${WORK_DATE}`;
    const mine = await api(query, { token: account.token });
    expect(mine.status).toBe(200);
    expect(mine.body.items).toEqual([
      expect.objectContaining({ foremanName: 'Ana Foreman', answeredVia: 'email', workDate: WORK_DATE }),
    ]);
    expect((await api(query)).status).toBe(401);
    const other = await newAccount(stack, 'confirm-peek');
    expect((await api(query, { token: other.token })).body.items).toEqual([]);
  });
});

describe('escalation when nobody confirms', () => {
  it('should email the managers once, naming the foreman, however many runs follow the window', async () => {
    await runAt(AT_0515);
    expect(await escalationsTo(manager.email)).toHaveLength(0);
    await runAt(AT_0530);
    await runAt(AT_0545);
    const toManager = await escalationsTo(manager.email);
    expect(toManager).toHaveLength(1);
    expect(toManager[0]!.subject).toBe(`Not confirmed: Steel Deck ${tag}, Thu, Jan 10`);
    expect(toManager[0]!.body.text).toContain('Ben Foreman was not reached');
    // The account's own address is told too; the foremen are not.
    expect(await escalationsTo(account.email)).toHaveLength(1);
    expect(await escalationsTo(ben.email)).toHaveLength(0);
  });

  it('should not escalate the notice the foreman confirmed', async () => {
    const all = await escalationsTo(manager.email);
    expect(all.every((m) => !m.subject.includes('Harbor Crane Pad'))).toBe(true);
    const list = await api('/api/confirmations?limit=10', { token: account.token });
    const silent = list.body.items.find((i: { jobsiteId: string }) => i.jobsiteId === silentSite);
    expect(silent).toEqual(expect.objectContaining({ answer: null, escalatedAt: AT_0530 }));
    expect(silent.escalatedTo.sort()).toEqual(
      [account.email.toLowerCase(), manager.email.toLowerCase()].sort(),
    );
  });
});
