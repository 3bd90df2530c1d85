import { randomUUID } from 'node:crypto';
import { tenantFromStore } from '../../../lambdas/core/caller';
import { createAppRoot } from '../../../lambdas/composition/app.root';
import { allowanceMonth } from '../../../lambdas/core/sms/sms-allowance';
import { sendTextToWorker } from '../../../lambdas/core/sms/send-texts';
import { DynamoNoticeShortCodes } from '../../../lambdas/adapters/dynamo/notice-short-codes.repo';
import { PLANS } from '../../../shared/plans';
import { measureSms } from '../../../shared/sms-text';
import { testStack } from '../stack';

/**
 * The SMS allowance and the notice short codes on DynamoDB Local, through the composition root the
 * dispatch uses, with the real SDK client talking to the local SMS server.
 */
const stack = testStack();
const root = createAppRoot(stack.lambdaConfig);
const texts = root.smsRoot!.texts;

const ONE_SEGMENT = 'Acme: Weather delay - Pier Nine, Wed, Dec 2: full-day delay. Reply STOP to opt out.';
const TWO_SEGMENTS = `${ONE_SEGMENT} ${'Gusts 41 mph from 7 AM to 3 PM, crane limit 30 mph. '.repeat(2)}`;

async function outboxCount(phones: Set<string>) {
  const res = await fetch(`${stack.smsOutboxUrl}/messages`);
  const all = (await res.json()) as { to: string; direction: string }[];
  return all.filter((t) => t.direction === 'out' && phones.has(t.to)).length;
}

describe('the monthly SMS allowance', () => {
  it('should never go over 10 segments left when 20 texts of 1 or 2 segments go out at once', async () => {
    expect(measureSms(ONE_SEGMENT).segments).toBe(1);
    expect(measureSms(TWO_SEGMENTS).segments).toBe(2);
    const tenantId = `allowance-${randomUUID()}`;
    const tenant = tenantFromStore(tenantId);
    const month = allowanceMonth(new Date());
    const limit = PLANS.premium.smsMonthlyAllowance;
    // The month has used all but 10 segments of Premium's allowance.
    expect(await texts.allowance.take(tenant, month, limit - 10, limit)).toBe(true);
    // Twenty numbers of their own, apart from any other test's.
    const base = 2000 + (Date.now() % 7000);
    const unique = Array.from({ length: 20 }, (_, i) => `+1425555${base + i}`);
    for (const phone of unique)
      expect(
        await texts.consents.create({ tenantId, phone, state: 'on', company: 'Acme', log: [], version: 1 }),
      ).toBe(true);

    const bodies = unique.map((_, i) => (i % 2 === 0 ? TWO_SEGMENTS : ONE_SEGMENT));
    const outcomes = await Promise.all(
      unique.map((phone, i) =>
        sendTextToWorker(
          {
            tenantId,
            plan: 'premium',
            jobsiteId: 'pier-nine',
            jobsiteName: 'Pier Nine',
            workDate: '2026-12-02',
            messageKey: 'notice:full',
            kind: 'notice',
            verdict: 'full',
            audience: 'worker',
            worker: { id: `w-${i}`, name: `Worker ${i}`, phone },
            body: bodies[i]!,
            runId: 'allowance-test',
          },
          texts,
        ),
      ),
    );

    const sentSegments = outcomes.reduce(
      (sum, o, i) => sum + (o === 'sent' ? measureSms(bodies[i]!).segments : 0),
      0,
    );
    const used = await texts.allowance.used(tenant, month);
    expect(used).toBeLessThanOrEqual(limit);
    expect(used).toBe(limit - 10 + sentSegments);
    expect(sentSegments).toBeGreaterThanOrEqual(9);
    expect(outcomes.filter((o) => o === 'over-allowance').length).toBeGreaterThan(0);
    expect(outcomes.every((o) => o === 'sent' || o === 'over-allowance')).toBe(true);
    // Exactly the texts that took their segments reached the carrier.
    expect(await outboxCount(new Set(unique))).toBe(outcomes.filter((o) => o === 'sent').length);
  });

  it('should take nothing for a text bigger than the whole allowance', async () => {
    const tenant = tenantFromStore(`allowance-${randomUUID()}`);
    const month = allowanceMonth(new Date());
    expect(await texts.allowance.take(tenant, month, 3, 2)).toBe(false);
    expect(await texts.allowance.used(tenant, month)).toBe(0);
  });
});

describe('notice short codes', () => {
  const codes = new DynamoNoticeShortCodes(root.db);
  const ref = { tenantId: `codes-${randomUUID()}`, jobsiteId: 'site-1', workDate: '2026-12-03' };
  const expires = new Date('2026-12-18T14:00:00Z');

  it('should let only one notice hold a code, however many claim it at once', async () => {
    const code = randomUUID().replace(/-/g, '').slice(0, 8);
    const claims = await Promise.all(
      Array.from({ length: 10 }, (_, i) => codes.claim(code, { ...ref, jobsiteId: `site-${i}` }, expires)),
    );
    expect(claims.filter(Boolean)).toHaveLength(1);
    const winner = claims.indexOf(true);
    expect(await codes.find(code)).toEqual({ ...ref, jobsiteId: `site-${winner}`, expiresAt: expires });
    // The same notice claiming its own code again (a later run) keeps it.
    expect(await codes.claim(code, { ...ref, jobsiteId: `site-${winner}` }, expires)).toBe(true);
  });
});
