import { PLANS, type PlanId } from '../../../shared/plans';
import type { Worker } from '../../../shared/records';
import type { TenantId } from '../../../lambdas/core/caller';
import type { ConsentState } from '../../../lambdas/core/sms/consent';
import {
  smsEscalationTexter,
  textEscalation,
  type EscalationTextDeps,
} from '../../../lambdas/core/sms/escalation-texts';
import type { ClaimRepo, MessageClaim } from '../../../lambdas/core/dispatch/dispatch.ports';
import {
  SmsOptedOutError,
  type SmsAllowance,
  type SmsConsent,
  type SmsConsentStore,
} from '../../../lambdas/core/sms/sms.ports';

const TENANT = 'acct-1';
const NOW = new Date('2026-11-25T13:40:00Z');
const BODY =
  'Ana was not reached: nobody confirmed the full-day notice for Pier on Wed, Nov 25 within 30 minutes.';

class MemoryConsents implements SmsConsentStore {
  readonly records = new Map<string, SmsConsent>();
  set(phone: string, state: ConsentState) {
    this.records.set(`${TENANT}|${phone}`, {
      tenantId: TENANT,
      phone,
      state,
      company: 'Acme',
      log: [],
      version: 1,
    });
  }
  get(tenant: TenantId, phone: string) {
    return Promise.resolve(this.records.get(`${tenant}|${phone}`) ?? null);
  }
  listForPhone(phone: string) {
    return Promise.resolve([...this.records.values()].filter((r) => r.phone === phone));
  }
  listForTenant(tenant: TenantId) {
    return Promise.resolve([...this.records.values()].filter((r) => r.tenantId === tenant));
  }
  create(c: SmsConsent) {
    const key = `${c.tenantId}|${c.phone}`;
    if (this.records.has(key)) return Promise.resolve(false);
    this.records.set(key, c);
    return Promise.resolve(true);
  }
  replace(c: SmsConsent, expectedVersion: number) {
    const key = `${c.tenantId}|${c.phone}`;
    if (this.records.get(key)?.version !== expectedVersion) return Promise.resolve(false);
    this.records.set(key, c);
    return Promise.resolve(true);
  }
}

/** The month's counter with the conditional take the smsUsage entity does. */
class MemoryAllowance implements SmsAllowance {
  count = 0;
  take(_t: TenantId, _m: string, n: number, limit: number) {
    if (this.count + n > limit) return Promise.resolve(false);
    this.count += n;
    return Promise.resolve(true);
  }
  giveBack(_t: TenantId, _m: string, n: number) {
    this.count -= n;
    return Promise.resolve();
  }
  used() {
    return Promise.resolve(this.count);
  }
}

/** The claims as the table keeps them: taken once per key, listed for the send history. */
class MemoryClaims implements ClaimRepo {
  readonly items = new Map<string, MessageClaim & { status: 'PENDING' | 'SENT'; messageId: string | null }>();
  private key = (c: MessageClaim) =>
    [c.tenantId, c.jobsiteId, c.workDate, c.messageKey, c.recipient].join('|');
  claim(c: MessageClaim) {
    if (this.items.has(this.key(c))) return Promise.resolve(false);
    this.items.set(this.key(c), { ...c, status: 'PENDING', messageId: null });
    return Promise.resolve(true);
  }
  markSent(c: MessageClaim, messageId: string) {
    this.items.set(this.key(c), { ...c, status: 'SENT', messageId });
    return Promise.resolve();
  }
  release(c: MessageClaim) {
    this.items.delete(this.key(c));
    return Promise.resolve();
  }
  listRecent() {
    return Promise.resolve([...this.items.values()].map((c) => ({ ...c, claimedAt: '', sentAt: null })));
  }
}

/** The escalation of request r-1 about Pier's Nov 25 to the given managers. */
const escalation = (managerWorkerIds: string[]) => ({
  tenantId: TENANT,
  requestId: 'r-1',
  jobsiteId: 'pier',
  jobsiteName: 'Pier',
  workDate: '2026-11-25',
  verdict: 'full' as const,
  managerWorkerIds,
  body: BODY,
});

const manager = (id: string, phone: string | null, smsOptIn = true): Worker =>
  ({
    id,
    name: id,
    email: `${id}@example.com`,
    phone,
    trade: null,
    smsOptIn,
    isManager: true,
    crewIds: [],
    status: 'active',
    createdAt: NOW.toISOString(),
    updatedAt: NOW.toISOString(),
  }) as Worker;

function setup(plan: PlanId = 'premium', workers: Worker[] = []) {
  const consents = new MemoryConsents();
  const allowance = new MemoryAllowance();
  const sent: { to: string; body: string }[] = [];
  const failing = new Map<string, Error>();
  const claims = new MemoryClaims();
  const deps: EscalationTextDeps = {
    consents,
    allowance,
    claims,
    deliveries: { remember: () => Promise.resolve(), record: () => Promise.resolve(true) },
    clock: { now: () => NOW },
    sender: {
      send: (text) => {
        const err = failing.get(text.to);
        if (err) return Promise.reject(err);
        sent.push(text);
        return Promise.resolve({ messageId: `m-${sent.length}` });
      },
    },
    accountOf: () => Promise.resolve({ plan }),
    workersWithIds: (_tenant, ids) => Promise.resolve(workers.filter((w) => ids.includes(w.id))),
  };
  return { deps, consents, allowance, sent, failing, claims };
}

/** Managers a and b on the jobsite, both numbers having replied YES. */
function twoManagersOn() {
  const world = setup('premium', [manager('a', '+12065550100'), manager('b', '+12065550101')]);
  world.consents.set('+12065550100', 'on');
  world.consents.set('+12065550101', 'on');
  return world;
}

describe('escalation by text', () => {
  it('should list each escalation text in the send history as an SMS to a manager, with its segments', async () => {
    const { deps, claims } = twoManagersOn();
    await textEscalation(escalation(['a', 'b']), deps);
    const history = await claims.listRecent();
    expect(history).toHaveLength(2);
    for (const item of history)
      expect(item).toMatchObject({
        channel: 'sms',
        kind: 'escalation',
        audience: 'manager',
        jobsiteName: 'Pier',
        workDate: '2026-11-25',
        messageKey: 'sms:escalation:r-1',
        status: 'SENT',
        segments: 1,
      });
  });

  it('should text each manager once even when the sweep escalates the same request again', async () => {
    const { deps, sent } = twoManagersOn();
    await textEscalation(escalation(['a', 'b']), deps);
    const again = await textEscalation(escalation(['a', 'b']), deps);
    expect(sent).toHaveLength(2);
    expect(again).toEqual({ sent: 0, skipped: 2 });
  });

  it('should count a two-segment escalation as two against the allowance', async () => {
    const { deps, allowance } = twoManagersOn();
    await textEscalation({ ...escalation(['a']), body: `${BODY} ${'Call the crew now. '.repeat(6)}` }, deps);
    expect(allowance.count).toBe(2);
  });

  it('should text each manager who replied YES, once per number, and nobody else', async () => {
    const workers = [
      manager('m-yes', '+12065550100'),
      manager('m-pending', '+12065550101'),
      manager('m-stopped', '+12065550102'),
      manager('m-no-phone', null),
      manager('m-toggle-off', '+12065550103', false),
      manager('m-same-phone', '+12065550100'),
      manager('not-asked', '+12065550104'),
    ];
    const { deps, consents, sent, allowance } = setup('premium', workers);
    consents.set('+12065550100', 'on');
    consents.set('+12065550101', 'pending');
    consents.set('+12065550102', 'stopped');
    consents.set('+12065550103', 'on');
    consents.set('+12065550104', 'on');

    const outcome = await textEscalation(
      escalation(['m-yes', 'm-pending', 'm-stopped', 'm-no-phone', 'm-toggle-off', 'm-same-phone']),
      deps,
    );

    expect(sent).toEqual([{ to: '+12065550100', body: BODY }]);
    expect(outcome.sent).toBe(1);
    expect(allowance.count).toBe(1);
  });

  it('should send nothing on a plan without SMS notifications', async () => {
    const { deps, consents, sent } = setup('basic', [manager('m-yes', '+12065550100')]);
    consents.set('+12065550100', 'on');
    await smsEscalationTexter(deps).sendEscalation(escalation(['m-yes']));
    expect(sent).toEqual([]);
  });

  it("should stop texting once the month's allowance is used up", async () => {
    const { deps, sent, allowance } = twoManagersOn();
    allowance.count = PLANS.premium.smsMonthlyAllowance - 1;
    const outcome = await textEscalation(escalation(['a', 'b']), deps);
    expect(sent).toHaveLength(1);
    expect(outcome).toEqual({ sent: 1, skipped: 1 });
    expect(allowance.count).toBe(PLANS.premium.smsMonthlyAllowance);
  });

  it("should record STOP for a number the carrier says opted out, and give back that text's allowance", async () => {
    const { deps, consents, sent, allowance, failing } = twoManagersOn();
    failing.set('+12065550100', new SmsOptedOutError('+12065550100'));
    await textEscalation(escalation(['a', 'b']), deps);
    expect(sent.map((t) => t.to)).toEqual(['+12065550101']);
    expect((await consents.get(TENANT as TenantId, '+12065550100'))?.state).toBe('stopped');
    expect(allowance.count).toBe(1);
  });

  it('should still text the other managers when one send fails, then report the failure', async () => {
    const { deps, sent, allowance, failing } = twoManagersOn();
    failing.set('+12065550100', new Error('throttled'));
    await expect(textEscalation(escalation(['a', 'b']), deps)).rejects.toThrow('1 escalation text(s) failed');
    expect(sent.map((t) => t.to)).toEqual(['+12065550101']);
    expect(allowance.count).toBe(1);
  });
});
