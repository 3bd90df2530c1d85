import { NOTICE_LINK_NOT_FOUND, type NoticeDetails } from '../../../shared/notice-details';
import type { AccountRepo } from '../account/account.ports';
import { tenantFromStore } from '../caller';
import type { DecisionRepo } from '../dispatch/dispatch.ports';
import { NotFoundError } from '../errors';
import type { RecordsStore } from '../records/records.ports';
import type { Clock } from '../runtime.ports';
import type { NoticeDetailsTokens, VerifiedNoticeRef } from './notice-link';
import { isShortCode, resolveShortCode, type NoticeShortCodeStore } from './notice-short-codes';
import { noticeContractor } from './notice-contractor';
import { workersForJobsite } from '../records/jobsite-workers';
import type { BrandLookup } from '../brand/brand';

export interface NoticeDetailsDeps {
  tokens: Pick<NoticeDetailsTokens, 'verify'>;
  accounts: Pick<AccountRepo, 'getProfile'>;
  records: Pick<RecordsStore, 'jobsites' | 'workers'>;
  decisions: Pick<DecisionRepo, 'get'>;
  clock: Clock;
  /** The texts' short codes (`/n/<8 chars>`); absent, only signed tokens open a page. */
  codes?: Pick<NoticeShortCodeStore, 'find'>;
  /** The account's active brand: the page carries it (issue 24). */
  brands?: BrandLookup;
}

/** One answer for every token that opens nothing, so a guesser learns nothing from the reply. */
const notFound = () => new NotFoundError(NOTICE_LINK_NOT_FOUND);

/**
 * `GET /api/notices/{token}` (public): the jobsite-day a signed, unexpired link (or a text's live
 * short code) names, as the last decision judged it. The tenant comes only from the verified token; a deleted jobsite or a day never
 * judged reads exactly like a forged token.
 */
export async function getNoticeDetails(token: string, deps: NoticeDetailsDeps): Promise<NoticeDetails> {
  const ref = await noticeRefOf(token, deps);
  if (!ref) throw notFound();
  const tenant = tenantFromStore(ref.tenantId);
  const [jobsite, decision, profile, brand] = await Promise.all([
    deps.records.jobsites.get(tenant, ref.jobsiteId),
    deps.decisions.get(tenant, ref.jobsiteId, ref.workDate),
    deps.accounts.getProfile(ref.tenantId),
    deps.brands ? deps.brands(tenant) : null,
  ]);
  if (!jobsite || !decision) throw notFound();
  const workers = await workersForJobsite(tenant, jobsite, deps.records.workers);
  const contractor = noticeContractor(profile, jobsite, workers, brand);
  return {
    company: contractor.company,
    contact: contractor.contact,
    jobsite: {
      name: jobsite.name,
      address: jobsite.address,
      timezone: jobsite.timezone,
      workingHours: jobsite.workingHours,
    },
    date: decision.workDate,
    verdict: decision.verdict,
    hoursLost: decision.hoursLost,
    judgement: decision.judgement,
    rules: decision.rules,
    forecast: decision.forecast,
    units: profile?.units ?? 'us',
    decidedAt: decision.decidedAt,
    expiresAt: ref.expiresAt,
    ...(brand ? { brand } : {}),
  };
}

/** A text's short code is looked up; anything else must be a genuine signed token. */
function noticeRefOf(
  token: string,
  deps: NoticeDetailsDeps,
): Promise<VerifiedNoticeRef | null> | VerifiedNoticeRef | null {
  const now = deps.clock.now();
  if (deps.codes && isShortCode(token)) return resolveShortCode(deps.codes, token, now);
  return deps.tokens.verify(token, now);
}
