import {
  DEFAULT_ESCALATION_MINUTES,
  endOfLocalDay,
  escalationDueAt,
  type ConfirmationAnswer,
} from '../../../shared/confirmations';
import { isUrgentJudgement } from '../../../shared/quiet-hours';
import type { Jobsite } from '../../../shared/records';
import type { DayJudgement } from '../../../shared/weather/engine';
import { tenantFromStore } from '../caller';
import type { MessageKind } from '../dispatch/dispatch.ports';
import type { ConfirmationRepo, ConfirmationRequest } from './confirmation.ports';
import type { ConfirmationTokens } from './confirmation-tokens';

export interface ConfirmationDeps {
  repo: ConfirmationRepo;
  tokens: Pick<ConfirmationTokens, 'sign' | 'verify'>;
  appOrigin: string;
}

/** The two answers' links of one request, for the notice's buttons. */
export type ConfirmationLinks = Record<ConfirmationAnswer, string>;

/** `<origin>/c/<token>?answer=…`: the page asks once more before it records (mail scanners open links). */
export function confirmationLinks(appOrigin: string, token: string): ConfirmationLinks {
  const base = `${appOrigin}/c/${encodeURIComponent(token)}`;
  return { 'stood-down': `${base}?answer=stood-down`, working: `${base}?answer=working` };
}

/** The id of the request a message carries: the jobsite, the day and the message's key. */
export function requestIdOf(jobsiteId: string, workDate: string, messageKey: string): string {
  return `${jobsiteId}~${workDate}~${messageKey}`;
}

export function parseRequestId(
  id: string,
): { jobsiteId: string; workDate: string; messageKey: string } | null {
  const [jobsiteId, workDate, messageKey, extra] = id.split('~');
  if (!jobsiteId || !workDate || !messageKey || extra !== undefined) return null;
  return { jobsiteId, workDate, messageKey };
}

/** A delay notice or update (not an all-clear) asks the foreman; nothing to confirm otherwise. */
export function asksForeman(kind: MessageKind, judgement: DayJudgement): boolean {
  return kind !== 'allClear' && judgement.verdict !== 'none';
}

/**
 * Opens (once) the foreman's confirmation request for one delay message and answers its links.
 * `at` is the instant the run acts as (the notice's time): the escalation window counts from it.
 */
export async function requestConfirmation(
  deps: ConfirmationDeps,
  input: {
    tenantId: string;
    jobsite: Pick<Jobsite, 'id' | 'name' | 'timezone' | 'rules' | 'escalationMinutes'>;
    foreman: { id: string; name: string; email: string };
    workDate: string;
    messageKey: string;
    judgement: DayJudgement;
    at: Date;
  },
): Promise<{ request: ConfirmationRequest; links: ConfirmationLinks }> {
  const { jobsite, judgement } = input;
  const lifeSafety = isUrgentJudgement(judgement, jobsite.rules);
  const request = await deps.repo.createOnce({
    id: requestIdOf(jobsite.id, input.workDate, input.messageKey),
    tenantId: input.tenantId,
    jobsiteId: jobsite.id,
    jobsiteName: jobsite.name,
    workDate: input.workDate,
    timezone: jobsite.timezone,
    verdict: judgement.verdict,
    foremanWorkerId: input.foreman.id,
    foremanName: input.foreman.name,
    foremanEmail: input.foreman.email,
    lifeSafety,
    requestedAt: input.at.toISOString(),
    dueAt: escalationDueAt(input.at, {
      escalationMinutes: jobsite.escalationMinutes ?? DEFAULT_ESCALATION_MINUTES,
      lifeSafety,
    }).toISOString(),
    expiresAt: endOfLocalDay(input.workDate, jobsite.timezone).toISOString(),
    answer: null,
    answeredAt: null,
    answeredVia: null,
    escalatedAt: null,
    escalatedTo: [],
  });
  const token = deps.tokens.sign({
    tenantId: request.tenantId,
    requestId: request.id,
    expiresAt: Date.parse(request.expiresAt),
  });
  return { request, links: confirmationLinks(deps.appOrigin, token) };
}

/** Forgets the request when its notice could not be sent: nobody was asked, nobody is escalated. */
export async function withdrawConfirmation(deps: ConfirmationDeps, tenantId: string, id: string) {
  const stored = await deps.repo.get(tenantFromStore(tenantId), id);
  if (stored && !stored.answer && !stored.escalatedAt) await deps.repo.remove(tenantFromStore(tenantId), id);
}
