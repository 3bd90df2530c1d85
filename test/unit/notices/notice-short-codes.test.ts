import { NOTICE_LINK_NOT_FOUND } from '../../../shared/notice-details';
import type { Jobsite } from '../../../shared/records';
import type { Decision } from '../../../lambdas/core/dispatch/dispatch.ports';
import { NotFoundError } from '../../../lambdas/core/errors';
import { getNoticeDetails } from '../../../lambdas/core/notices/notice-details';
import { NoticeDetailsTokens, type NoticeRef } from '../../../lambdas/core/notices/notice-link';
import { shortNoticeUrl, type NoticeShortCodeStore } from '../../../lambdas/core/notices/notice-short-codes';

const tokens = new NoticeDetailsTokens('a-notice-link-secret-of-at-least-32-chars');
const ORIGIN = 'https://app.example.com/';
const REF: NoticeRef = { tenantId: 'owner-1', jobsiteId: 'site-1', workDate: '2026-12-03' };
const OTHER: NoticeRef = { tenantId: 'owner-2', jobsiteId: 'site-9', workDate: '2026-12-03' };

/** The store's rule as the table enforces it: a code is new, or already this same jobsite-day's. */
class MemoryCodes implements NoticeShortCodeStore {
  readonly items = new Map<string, NoticeRef & { expiresAt: Date }>();
  async claim(code: string, ref: NoticeRef, expiresAt: Date) {
    const held = this.items.get(code);
    if (
      held &&
      (held.tenantId !== ref.tenantId || held.jobsiteId !== ref.jobsiteId || held.workDate !== ref.workDate)
    )
      return false;
    this.items.set(code, { ...ref, expiresAt });
    return true;
  }
  async find(code: string) {
    return this.items.get(code) ?? null;
  }
}

const codeOf = (url: string) => url.slice(`${ORIGIN}n/`.length);

function detailsDeps(codes: MemoryCodes, now: Date) {
  return {
    tokens,
    codes,
    clock: { now: () => now },
    accounts: { getProfile: async () => ({ company: 'Acme', name: 'Owen', units: 'us' }) as never },
    records: {
      jobsites: {
        get: async (_t: string, id: string) =>
          ({
            id,
            name: 'Harbor Point Tower',
            address: '1200 Alaskan Way',
            timezone: 'America/Los_Angeles',
            workingHours: { start: '07:00', end: '17:00' },
            recipients: { workerIds: [], crewIds: [], notifyClient: false },
          }) as unknown as Jobsite,
      },
      workers: { list: async () => [] },
    } as never,
    decisions: {
      get: async (_t: string, _j: string, workDate: string) =>
        ({
          workDate,
          verdict: 'full',
          hoursLost: 10,
          judgement: null,
          rules: [],
          forecast: null,
          decidedAt: 'x',
        }) as unknown as Decision,
    },
  };
}

describe('short notice links for texts', () => {
  it('should link a text to the notice with 8 url-safe characters on the app origin', async () => {
    const url = await shortNoticeUrl({ codes: new MemoryCodes(), tokens, appOrigin: ORIGIN }, REF);
    expect(url).toMatch(/^https:\/\/app\.example\.com\/n\/[A-Za-z0-9_-]{8}$/);
  });

  it('should give the same notice the same code on every run, and another notice another code', async () => {
    const codes = new MemoryCodes();
    const deps = { codes, tokens, appOrigin: ORIGIN };
    const first = await shortNoticeUrl(deps, REF);
    expect(await shortNoticeUrl(deps, REF)).toBe(first);
    expect(await shortNoticeUrl(deps, OTHER)).not.toBe(first);
    expect(codes.items.size).toBe(2);
  });

  it('should never share a code another notice already holds', async () => {
    const codes = new MemoryCodes();
    const taken = codeOf(await shortNoticeUrl({ codes, tokens, appOrigin: ORIGIN }, REF));
    // Another notice whose derived code is the same (a 48-bit collision): it must get its own.
    codes.items.set(taken, { ...OTHER, expiresAt: new Date('2027-01-01T00:00:00Z') });
    const url = await shortNoticeUrl({ codes, tokens, appOrigin: ORIGIN }, REF);
    expect(codeOf(url)).not.toBe(taken);
    expect(codes.items.get(codeOf(url))).toMatchObject(REF);
    expect(codes.items.get(taken)).toMatchObject(OTHER);
  });

  it('should expire the code with the notice link, 14 days after the day', async () => {
    const codes = new MemoryCodes();
    await shortNoticeUrl({ codes, tokens, appOrigin: ORIGIN }, REF);
    const [stored] = [...codes.items.values()];
    expect(stored?.expiresAt.toISOString()).toBe(
      tokens.verify(tokens.sign(REF), new Date('2026-12-03T00:00:00Z'))!.expiresAt,
    );
  });

  it('should open the same details page by short code as by the long signed link', async () => {
    const codes = new MemoryCodes();
    const now = new Date('2026-12-03T12:00:00Z');
    const code = codeOf(await shortNoticeUrl({ codes, tokens, appOrigin: ORIGIN }, REF));
    const byCode = await getNoticeDetails(code, detailsDeps(codes, now));
    const byToken = await getNoticeDetails(tokens.sign(REF), detailsDeps(codes, now));
    expect(byCode).toEqual(byToken);
    expect(byCode).toMatchObject({ date: '2026-12-03', jobsite: { name: 'Harbor Point Tower' } });
  });

  it('should answer an unknown or expired code with the one not-found message', async () => {
    const codes = new MemoryCodes();
    const code = codeOf(await shortNoticeUrl({ codes, tokens, appOrigin: ORIGIN }, REF));
    const late = new Date('2026-12-19T00:00:00Z');
    for (const [token, now] of [
      ['Zz9_-Zz9', new Date('2026-12-03T12:00:00Z')],
      [code, late],
    ] as const) {
      const err = await getNoticeDetails(token, detailsDeps(codes, now)).catch((e) => e);
      expect(err).toBeInstanceOf(NotFoundError);
      expect(err.message).toBe(NOTICE_LINK_NOT_FOUND);
    }
  });
});
