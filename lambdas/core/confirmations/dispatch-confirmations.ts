import type { Jobsite, Worker } from '../../../shared/records';
import type { DayJudgement } from '../../../shared/weather/engine';
import type { MessageKind, NoticeRecipientRef } from '../dispatch/dispatch.ports';
import type { Mailer } from '../email/email.ports';
import type { Logger } from '../observability.ports';
import type { EscalationTexter } from './confirmation.ports';
import { escalateDueConfirmations, type EscalationDeps } from './escalate-confirmations';
import {
  asksForeman,
  requestConfirmation,
  withdrawConfirmation,
  type ConfirmationDeps,
  type ConfirmationLinks,
} from './request-confirmation';

/** What the dispatch needs for crew confirmation: the requests, the link signer, the managers' mailer. */
export interface DispatchConfirmations extends ConfirmationDeps {
  mailer: Mailer;
  texter?: EscalationTexter;
}

/**
 * The foreman's question on one message of the run, when this recipient is the jobsite's foreman and
 * the message is a delay: the links for the notice's buttons and how to take the question back if
 * the send fails. Null otherwise.
 */
export async function confirmationFor(
  deps: DispatchConfirmations | undefined,
  input: {
    tenantId: string;
    jobsite: Jobsite;
    workers: readonly Worker[];
    to: NoticeRecipientRef;
    kind: MessageKind;
    messageKey: string;
    judgement: DayJudgement;
    workDate: string;
    at: Date;
  },
): Promise<{ links: ConfirmationLinks; withdraw: () => Promise<void> } | null> {
  const foremanId = input.jobsite.foremanWorkerId;
  if (!deps || !foremanId || input.to.workerId !== foremanId || !asksForeman(input.kind, input.judgement))
    return null;
  const foreman = input.workers.find((w) => w.id === foremanId);
  if (!foreman) return null;
  const { request, links } = await requestConfirmation(deps, {
    tenantId: input.tenantId,
    jobsite: input.jobsite,
    foreman: { id: foreman.id, name: foreman.name, email: foreman.email },
    workDate: input.workDate,
    messageKey: input.messageKey,
    judgement: input.judgement,
    at: input.at,
  });
  return { links, withdraw: () => withdrawConfirmation(deps, input.tenantId, request.id) };
}

/**
 * The start of every dispatch run: escalate what fell due by `at`. A failure is the run's error to
 * report, never a reason to skip the notices.
 */
export async function sweepEscalations(
  deps: Omit<EscalationDeps, 'repo' | 'mailer' | 'appOrigin' | 'texter'> & {
    confirmations?: DispatchConfirmations;
  },
  at: Date,
  log?: Logger,
): Promise<string[]> {
  if (!deps.confirmations) return [];
  const { repo, mailer, appOrigin, texter } = deps.confirmations;
  try {
    const outcome = await escalateDueConfirmations({ ...deps, repo, mailer, appOrigin, texter, log }, at);
    return outcome.errors;
  } catch (err) {
    return [`Escalation sweep failed: ${String((err as Error)?.message ?? err)}`];
  }
}
