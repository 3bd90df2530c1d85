import {
  answerByLink,
  answerBySms,
  describeConfirmation,
} from '../../../lambdas/core/confirmations/answer-confirmation';
import { ConfirmationTokens } from '../../../lambdas/core/confirmations/confirmation-tokens';
import {
  escalateDueConfirmations,
  type EscalationDeps,
} from '../../../lambdas/core/confirmations/escalate-confirmations';
import {
  requestConfirmation,
  type ConfirmationDeps,
} from '../../../lambdas/core/confirmations/request-confirmation';
import type { OutgoingEmail } from '../../../lambdas/core/email/email.ports';
import { ConflictError, NotFoundError } from '../../../lambdas/core/errors';
import type { Jobsite, Worker } from '../../../shared/records';
import type { DayJudgement } from '../../../shared/weather/judgement';
import { testWorker } from '../dispatch/records.fixtures';
import { FakeSuppressionList } from '../email/fakes';
import { jobsiteRecord } from '../../support/jobsite-record';
import { MemoryConfirmationRepo } from './memory-confirmations';

const TENANT = 'tenant-1';
const WORK_DATE = '2026-12-03';
// 05:00 in Chicago (CST) on the working day: the notice goes out.
const SENT = new Date('2026-12-03T11:00:00Z');
const minutesAfter = (m: number) => new Date(SENT.getTime() + m * 60_000);

const jobsite: Jobsite = jobsiteRecord({
  id: 'site-1',
  name: 'Harbor Crane Pad',
  latitude: 41.88,
  longitude: -87.63,
  noticeTimes: [{ time: '05:00', forDay: 'same' }],
  rules: [
    { id: 'gusts', metric: 'wind_gusts', op: '>=', threshold: 48.28, label: 'gusts' },
    { id: 'lightning', metric: 'weather_code', op: '>=', threshold: 95, label: 'lightning' },
  ],
  recipients: { workerIds: ['crew-1', 'boss-1'], crewIds: [], notifyClient: false },
  foremanWorkerId: 'foreman-1',
  escalationMinutes: 30,
  createdAt: SENT.toISOString(),
  updatedAt: SENT.toISOString(),
});

const workers: Worker[] = [
  testWorker({ id: 'foreman-1', name: 'Ana Ruiz', email: 'ana@example.com' }, SENT.toISOString()),
  testWorker({ id: 'crew-1', name: 'Bo Lee', email: 'bo@example.com' }, SENT.toISOString()),
  testWorker({ id: 'boss-1', name: 'Cy Park', email: 'cy@example.com', isManager: true }, SENT.toISOString()),
  // A manager of the account who is not on this jobsite hears nothing about it.
  testWorker({ id: 'boss-2', name: 'Di Roe', email: 'di@example.com', isManager: true }, SENT.toISOString()),
];

const judgement = (ruleId: string): DayJudgement => ({
  date: WORK_DATE,
  verdict: 'full',
  hoursLost: 10,
  workingHours: 10,
  rules: [{ id: ruleId, kind: 'delay', hours: ['07:00', '08:00'], peak: 60, reason: ruleId }],
});

function setup() {
  let now = SENT;
  const repo = new MemoryConfirmationRepo();
  const tokens = new ConfirmationTokens('a-test-secret-that-is-long-enough-0123456789');
  const clock = { now: () => now };
  const deps: ConfirmationDeps = { repo, tokens, appOrigin: 'https://app.example' };
  const sent: OutgoingEmail[] = [];
  let failSends = 0;
  const escalation: EscalationDeps = {
    repo,
    records: {
      jobsites: { get: async (_t: unknown, id: string) => (id === jobsite.id ? jobsite : null) },
      workers: { list: async () => workers },
    } as unknown as EscalationDeps['records'],
    accounts: {
      getProfile: async () => ({
        userId: TENANT,
        email: 'owner@example.com',
        name: null,
        company: 'Acme',
        units: 'us',
        createdAt: null,
      }),
    },
    suppressions: new FakeSuppressionList(),
    mailer: {
      send: async (email) => {
        if (failSends > 0) {
          failSends -= 1;
          throw new Error('SES throttled');
        }
        sent.push(email);
        return { messageId: `m${sent.length}` };
      },
    },
    appOrigin: 'https://app.example',
  };
  const ask = (ruleId = 'gusts', messageKey = 'notice:full') =>
    requestConfirmation(deps, {
      tenantId: TENANT,
      jobsite,
      foreman: { id: 'foreman-1', name: 'Ana Ruiz', email: 'ana@example.com' },
      workDate: WORK_DATE,
      messageKey,
      judgement: judgement(ruleId),
      at: SENT,
    });
  const tokenOf = (link: string) => decodeURIComponent(new URL(link).pathname.split('/').pop()!);
  return {
    repo,
    sent,
    escalation,
    ask,
    tokenOf,
    answerDeps: { repo, tokens, clock },
    setNow: (d: Date) => (now = d),
    failNextSends: (n: number) => (failSends = n),
  };
}

describe('crew confirmation by link', () => {
  it('should give the foreman two links to the public page, one per answer', async () => {
    const { ask } = setup();
    const { links } = await ask();
    expect(links['stood-down']).toMatch(/^https:\/\/app\.example\/c\/[^/?]+\?answer=stood-down$/);
    expect(links.working).toMatch(/^https:\/\/app\.example\/c\/[^/?]+\?answer=working$/);
  });

  it('should ask once however often the same notice is offered again', async () => {
    const { ask, repo } = setup();
    await ask();
    await ask();
    expect(repo.items.size).toBe(1);
  });

  it('should show the day and record the foreman’s answer with the time in the jobsite’s zone', async () => {
    const { ask, tokenOf, answerDeps, setNow } = setup();
    const token = tokenOf((await ask()).links['stood-down']);
    expect(await describeConfirmation(token, answerDeps)).toEqual(
      expect.objectContaining({
        jobsiteName: 'Harbor Crane Pad',
        workDate: WORK_DATE,
        verdict: 'full',
        answered: false,
      }),
    );
    setNow(new Date('2026-12-03T11:12:00Z'));
    const view = await answerByLink(token, 'stood-down', answerDeps);
    expect(view).toEqual(expect.objectContaining({ answered: true, answer: 'stood-down' }));
    expect(view.line).toBe('Confirmed by Ana Ruiz at 05:12: crew stood down (email link)');
  });

  it('should keep the first of two different answers posted at once and refuse the other', async () => {
    const { ask, tokenOf, answerDeps, repo } = setup();
    const token = tokenOf((await ask()).links.working);
    const results = await Promise.allSettled([
      answerByLink(token, 'stood-down', answerDeps),
      answerByLink(token, 'working', answerDeps),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toBeInstanceOf(ConflictError);
    const stored = [...repo.items.values()][0]!;
    expect(stored.answer).toBe(
      (results.find((r) => r.status === 'fulfilled') as PromiseFulfilledResult<{ answer: string }>).value
        .answer,
    );
  });

  it('should answer a repeated tap of the same answer with the recorded answer', async () => {
    const { ask, tokenOf, answerDeps } = setup();
    const token = tokenOf((await ask()).links.working);
    const first = await answerByLink(token, 'working', answerDeps);
    expect(await answerByLink(token, 'working', answerDeps)).toEqual(first);
  });

  it('should not find a forged or expired link', async () => {
    const { ask, tokenOf, answerDeps, setNow } = setup();
    const token = tokenOf((await ask()).links.working);
    await expect(answerByLink(`${token}x`, 'working', answerDeps)).rejects.toBeInstanceOf(NotFoundError);
    setNow(new Date('2026-12-04T06:00:00Z'));
    await expect(describeConfirmation(token, answerDeps)).rejects.toBeInstanceOf(NotFoundError);
  });

  it('should answer the foreman’s latest open request from a text reply, and nothing when none is open', async () => {
    const { ask, answerDeps, repo } = setup();
    await ask('gusts', 'notice:full');
    const input = { accountId: TENANT, workerId: 'foreman-1', answer: 'working' as const };
    expect(await answerBySms(answerDeps, input)).toBe(true);
    expect([...repo.items.values()][0]).toEqual(
      expect.objectContaining({ answer: 'working', answeredVia: 'sms' }),
    );
    expect(await answerBySms(answerDeps, input)).toBe(false);
    expect(await answerBySms(answerDeps, { ...input, workerId: 'crew-1' })).toBe(false);
  });
});

describe('escalation when nobody confirms', () => {
  it('should email the jobsite’s managers and the account once, naming the foreman, after the window', async () => {
    const { ask, escalation, sent } = setup();
    await ask();
    expect((await escalateDueConfirmations(escalation, minutesAfter(29))).escalated).toBe(0);
    expect((await escalateDueConfirmations(escalation, minutesAfter(30))).escalated).toBe(1);
    expect((await escalateDueConfirmations(escalation, minutesAfter(45))).escalated).toBe(0);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.to.sort()).toEqual(['cy@example.com', 'owner@example.com']);
    expect(sent[0]!.subject).toBe('Not confirmed: Harbor Crane Pad, Thu, Dec 3');
    expect(sent[0]!.text).toContain('Ana Ruiz was not reached');
    expect(sent[0]!.text).toContain('within 30 minutes');
  });

  it('should escalate once when two runs sweep at the same moment', async () => {
    const { ask, escalation, sent } = setup();
    await ask();
    await Promise.all([
      escalateDueConfirmations(escalation, minutesAfter(31)),
      escalateDueConfirmations(escalation, minutesAfter(31)),
    ]);
    expect(sent).toHaveLength(1);
  });

  it('should not escalate a confirmed notice', async () => {
    const { ask, escalation, sent, tokenOf, answerDeps } = setup();
    await answerByLink(tokenOf((await ask()).links['stood-down']), 'stood-down', answerDeps);
    await escalateDueConfirmations(escalation, minutesAfter(60));
    expect(sent).toHaveLength(0);
  });

  it('should escalate a lightning notice after 10 minutes', async () => {
    const { ask, escalation, sent } = setup();
    await ask('lightning');
    await escalateDueConfirmations(escalation, minutesAfter(9));
    expect(sent).toHaveLength(0);
    await escalateDueConfirmations(escalation, minutesAfter(10));
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toContain('within 10 minutes');
  });

  it('should try again on the next run when the escalation email could not be sent', async () => {
    const { ask, escalation, sent, repo, failNextSends } = setup();
    await ask();
    failNextSends(1);
    const first = await escalateDueConfirmations(escalation, minutesAfter(31));
    expect(first.failed).toBe(1);
    expect([...repo.items.values()][0]!.escalatedAt).toBeNull();
    await escalateDueConfirmations(escalation, minutesAfter(46));
    expect(sent).toHaveLength(1);
  });

  it('should hand the escalation to the texter for the managers when one is wired', async () => {
    const { ask, escalation } = setup();
    const texts: { managerWorkerIds: string[]; body: string }[] = [];
    await ask();
    await escalateDueConfirmations(
      { ...escalation, texter: { sendEscalation: async (t) => void texts.push(t) } },
      minutesAfter(31),
    );
    expect(texts).toEqual([expect.objectContaining({ managerWorkerIds: ['boss-1'] })]);
    expect(texts[0]!.body).toContain('Ana Ruiz was not reached');
  });
});
