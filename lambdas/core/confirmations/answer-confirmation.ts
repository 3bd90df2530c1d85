import {
  CONFIRMATION_MESSAGES,
  confirmationLine,
  type ConfirmationAnswer,
  type ConfirmationSummary,
  type ConfirmationView,
} from '../../../shared/confirmations';
import { tenantFromStore } from '../caller';
import { ConflictError, NotFoundError } from '../errors';
import type { Clock } from '../runtime.ports';
import type { ConfirmationRequest } from './confirmation.ports';
import type { ConfirmationDeps } from './request-confirmation';
import type { EventPublisher } from '../webhooks/webhook.ports';
import { confirmationEvent } from '../webhooks/product-events';
import type { BrandLookup } from '../brand/brand';

export type AnswerDeps = Pick<ConfirmationDeps, 'repo' | 'tokens'> & {
  clock: Clock;
  /** Webhooks: a recorded answer raises `confirmation.received`. */
  events?: EventPublisher;
  /** The account's active brand: the public page carries it (issue 24). */
  brands?: BrandLookup;
};

/** The page's view with the account's brand, when it has one. */
async function branded(
  view: ConfirmationView,
  tenantId: string,
  deps: AnswerDeps,
): Promise<ConfirmationView> {
  const brand = deps.brands ? await deps.brands(tenantFromStore(tenantId)) : null;
  return brand ? { ...view, brand } : view;
}

/** A forged, altered or expired link, and a request that no longer exists, all read the same: 404. */
async function requestOfToken(token: string, deps: AnswerDeps): Promise<ConfirmationRequest> {
  const claims = deps.tokens.verify(token, deps.clock.now());
  const request = claims ? await deps.repo.get(tenantFromStore(claims.tenantId), claims.requestId) : null;
  if (!request) throw new NotFoundError(CONFIRMATION_MESSAGES.invalidLink);
  return request;
}

function viewOf(r: ConfirmationRequest): ConfirmationView {
  return {
    jobsiteName: r.jobsiteName,
    workDate: r.workDate,
    verdict: r.verdict,
    foremanName: r.foremanName,
    answered: r.answer !== null,
    answer: r.answer,
    answeredAt: r.answeredAt,
    line: confirmationLine(r),
  };
}

/** `GET /api/confirmations/{token}`: what the public page shows. */
export async function describeConfirmation(token: string, deps: AnswerDeps): Promise<ConfirmationView> {
  const request = await requestOfToken(token, deps);
  return branded(viewOf(request), request.tenantId, deps);
}

/**
 * `POST /api/confirmations/{token}`: records the answer once. Repeating the recorded answer (a
 * double tap, a retry) answers the same view; a different second answer is refused (409) and the
 * first one stands, however the posts interleave (the repo's write is conditional).
 */
export async function answerByLink(
  token: string,
  answer: ConfirmationAnswer,
  deps: AnswerDeps,
): Promise<ConfirmationView> {
  const request = await requestOfToken(token, deps);
  const tenant = tenantFromStore(request.tenantId);
  const answeredAt = deps.clock.now().toISOString();
  if (await deps.repo.answer(tenant, request.id, { answer, answeredAt, answeredVia: 'email' })) {
    await deps.events?.publish(confirmationEvent(request, { answer, answeredAt, answeredVia: 'email' }));
    return branded(viewOf({ ...request, answer, answeredAt, answeredVia: 'email' }), request.tenantId, deps);
  }
  const first = (await deps.repo.get(tenant, request.id)) ?? request;
  if (first.answer === answer) return branded(viewOf(first), request.tenantId, deps);
  throw new ConflictError(`${CONFIRMATION_MESSAGES.alreadyAnswered} ${confirmationLine(first) ?? ''}`.trim());
}

/** How many of the foreman's latest requests an SMS reply looks through for an open one. */
const SMS_LOOKBACK = 20;

/**
 * The seam for helper "sms"'s inbound handler (replies "1" / "2"): answers the foreman's most recent
 * open (unanswered, unexpired) confirmation request. True when one was answered.
 */
export async function answerBySms(
  deps: Pick<AnswerDeps, 'repo' | 'clock' | 'events'>,
  input: { accountId: string; workerId: string; answer: ConfirmationAnswer },
): Promise<boolean> {
  const tenant = tenantFromStore(input.accountId);
  const now = deps.clock.now();
  const open = (await deps.repo.listForForeman(tenant, input.workerId, SMS_LOOKBACK)).find(
    (r) => !r.answer && Date.parse(r.expiresAt) > now.getTime(),
  );
  if (!open) return false;
  const recorded = { answer: input.answer, answeredAt: now.toISOString(), answeredVia: 'sms' as const };
  if (!(await deps.repo.answer(tenant, open.id, recorded))) return false;
  await deps.events?.publish(confirmationEvent(open, recorded));
  return true;
}

/** What the signed-in screens list: the request without the foreman's address or the tenant. */
export function summaryOf(r: ConfirmationRequest): ConfirmationSummary {
  const {
    tenantId: _t,
    foremanWorkerId: _w,
    foremanEmail: _e,
    lifeSafety: _l,
    expiresAt: _x,
    ...summary
  } = r;
  return summary;
}
