import { NOTICE_LINK_NOT_FOUND } from '../../../shared/notice-details';
import type { Jobsite } from '../../../shared/records';
import type { Decision } from '../../../lambdas/core/dispatch/dispatch.ports';
import { NotFoundError } from '../../../lambdas/core/errors';
import { getNoticeDetails } from '../../../lambdas/core/notices/notice-details';
import { NoticeDetailsTokens } from '../../../lambdas/core/notices/notice-link';

const tokens = new NoticeDetailsTokens('a-notice-link-secret-of-at-least-32-chars');
const NOW = new Date('2026-12-02T18:00:00Z');
const REF = { tenantId: 'owner-1', jobsiteId: 'site-1', workDate: '2026-12-03' };

const site = {
  id: 'site-1',
  name: 'Harbor Point Tower',
  address: '1200 Alaskan Way',
  timezone: 'America/Los_Angeles',
  workingHours: { start: '07:00', end: '17:00' },
  recipients: { workerIds: [], crewIds: [], notifyClient: false },
  siteContact: { name: 'Ana Silva', phone: '+1 206 555 0100' },
} as unknown as Jobsite;
const decision = {
  workDate: '2026-12-03',
  verdict: 'full',
  hoursLost: 10,
  judgement: { date: '2026-12-03', verdict: 'full', hoursLost: 10, workingHours: 10, rules: [] },
  rules: [],
  forecast: { source: 'simulated', scenario: 'storm', hours: [], values: {} },
  decidedAt: '2026-12-02T18:00:05Z',
} as unknown as Decision;

function deps(opts: { jobsite?: Jobsite | null; decision?: Decision | null } = {}) {
  const asked: string[] = [];
  return {
    asked,
    deps: {
      tokens,
      clock: { now: () => NOW },
      accounts: {
        getProfile: async (id: string) =>
          (asked.push(id), { company: 'Acme', name: 'Owen', email: 'o@a.co', units: 'us' }) as never,
      },
      records: {
        jobsites: { get: async () => (opts.jobsite === undefined ? site : opts.jobsite) },
        workers: { list: async () => [] },
      } as never,
      decisions: { get: async () => (opts.decision === undefined ? decision : opts.decision) },
    },
  };
}

describe('the public notice details', () => {
  it('should answer the day the token names, for the account the token names', async () => {
    const { deps: d, asked } = deps();
    const details = await getNoticeDetails(tokens.sign(REF), d);
    expect(asked).toEqual(['owner-1']);
    expect(details).toMatchObject({
      company: 'Acme',
      contact: { name: 'Ana Silva', phone: '+1 206 555 0100' },
      jobsite: { name: 'Harbor Point Tower', address: '1200 Alaskan Way' },
      verdict: 'full',
      date: '2026-12-03',
    });
    expect(details).not.toHaveProperty('tenantId');
  });

  it('should answer a deleted jobsite, a day never judged and a forged token with the same 404', async () => {
    const reasons = await Promise.all([
      getNoticeDetails(tokens.sign(REF), deps({ jobsite: null }).deps).catch((e) => e),
      getNoticeDetails(tokens.sign(REF), deps({ decision: null }).deps).catch((e) => e),
      getNoticeDetails(`${tokens.sign(REF)}x`, deps().deps).catch((e) => e),
    ]);
    for (const err of reasons) {
      expect(err).toBeInstanceOf(NotFoundError);
      expect(err.message).toBe(NOTICE_LINK_NOT_FOUND);
    }
  });
});
