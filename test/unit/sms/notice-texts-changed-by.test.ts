import { textHook, type AnnouncedDay } from '../../../lambdas/core/dispatch/notice-channel-hooks';
import type { TextDeps } from '../../../lambdas/core/sms/send-texts';
import { testJobsite, testWorker } from '../dispatch/records.fixtures';

/** Issue 22 §4 on the SMS side: the dispatch's text hook carries who changed the rules into the text. */
const AT = '2026-12-02T11:00:00.000Z';
const PHONE = '+12065550100';

/** Text ports that hold nothing back (a fake for the unit level only); `bodies` is what went out. */
function textDeps(): { deps: TextDeps; bodies: string[] } {
  const bodies: string[] = [];
  const deps = {
    consents: { get: async () => ({ state: 'on' }) },
    sender: {
      send: async ({ body }: { body: string }) => (bodies.push(body), { messageId: `m${bodies.length}` }),
    },
    allowance: { take: async () => true, giveBack: async () => undefined, used: async () => 0 },
    claims: { claim: async () => true, markSent: async () => undefined, release: async () => undefined },
    deliveries: { remember: async () => undefined },
    clock: { now: () => new Date(AT) },
    detailsUrl: async () => 'https://app.raincheck.example/n/Ab3_x-9Z',
  } as unknown as TextDeps;
  return { deps, bodies };
}

function day(causedBy?: string): AnnouncedDay {
  const wes = testWorker(
    { id: 'w1', name: 'Wes Crew', email: 'wes@example.com', phone: PHONE, smsOptIn: true },
    AT,
  );
  return {
    tenantId: 'olive',
    jobsite: testJobsite(
      {
        id: 'site-1',
        name: 'Harbor Point',
        latitude: 41.88,
        longitude: -87.63,
        recipients: { workerIds: ['w1'], crewIds: [], notifyClient: false },
      },
      AT,
    ),
    workers: [wes],
    workDate: '2026-12-02',
    announcement: {
      kind: 'allClear',
      messageKey: 'allClear:none',
      judgement: {
        verdict: 'none',
        hoursLost: 0,
        rules: [],
      } as unknown as AnnouncedDay['announcement']['judgement'],
    },
    runId: 'run-1',
    ...(causedBy ? { causedBy } : {}),
  };
}

describe("a text a member's rule change brought", () => {
  it('should name the member, and a text no one caused should not', async () => {
    const named = textDeps();
    const plain = textDeps();

    await textHook(named.deps, day('Dana Ortiz'), { plan: 'premium', company: 'Olive Builders' });
    await textHook(plain.deps, day(), { plan: 'premium', company: 'Olive Builders' });

    expect(named.bodies).toHaveLength(1);
    expect(named.bodies[0]).toContain("Sent after Dana Ortiz changed this jobsite's weather rules.");
    expect(plain.bodies).toHaveLength(1);
    expect(plain.bodies[0]).not.toContain('changed');
    expect(plain.bodies[0]).toContain('Olive Builders: All clear - Harbor Point');
  });
});
