import type {
  ConfirmationAnswer,
  ConfirmationChannel,
  ConfirmationSummary,
} from '../../../shared/confirmations';
import type { TenantId } from '../caller';

/**
 * One delay notice's question to a jobsite's foreman. Its id is made from the message it rides on
 * (jobsite, day, message key), so a run repeated or retried asks once; it is answered once
 * (conditional write) and escalated once (a claim, conditional too), each surviving restarts.
 */
export interface ConfirmationRequest extends ConfirmationSummary {
  tenantId: string;
  foremanWorkerId: string;
  foremanEmail: string;
  /** Lightning or an official warning: escalates after LIFE_SAFETY_ESCALATION_MINUTES. */
  lifeSafety: boolean;
  /** The end of the working day in the jobsite's zone: the link stops working then. */
  expiresAt: string;
}

export interface ConfirmationRepo {
  /** Writes the request unless one with its id exists; answers the stored one either way. */
  createOnce(request: ConfirmationRequest): Promise<ConfirmationRequest>;
  get(tenant: TenantId, id: string): Promise<ConfirmationRequest | null>;
  /** Forgets a request whose notice could not be sent (nobody was asked). */
  remove(tenant: TenantId, id: string): Promise<void>;
  /**
   * Records the answer only if none is recorded (one conditional write): false when another answer
   * got there first, whatever the order of parallel calls.
   */
  answer(
    tenant: TenantId,
    id: string,
    answer: { answer: ConfirmationAnswer; answeredAt: string; answeredVia: ConfirmationChannel },
  ): Promise<boolean>;
  /** Unanswered, unescalated requests due at or before `at` (a query by due time, never a scan). */
  listDue(at: Date): Promise<ConfirmationRequest[]>;
  /** Claims the escalation (unanswered and unclaimed only): true for exactly one caller. */
  claimEscalation(tenant: TenantId, id: string, at: string, to: string[]): Promise<boolean>;
  /** Gives a claim back after the send failed, so the next run escalates it. */
  releaseEscalation(tenant: TenantId, id: string): Promise<void>;
  /** The foreman's requests, newest first (SMS replies answer the latest open one). */
  listForForeman(tenant: TenantId, workerId: string, limit: number): Promise<ConfirmationRequest[]>;
  /** The requests about one jobsite's days from `from` to `to` (inclusive), by day. */
  listForJobsite(
    tenant: TenantId,
    jobsiteId: string,
    from: string,
    to: string,
  ): Promise<ConfirmationRequest[]>;
  /** The account's latest requests, newest first (the alert history). */
  listRecent(tenant: TenantId, limit: number): Promise<ConfirmationRequest[]>;
}

/**
 * The SMS side of confirmation, wired at the merge with helper "sms"'s channel: the foreman's
 * "Reply 1 = crew stood down, 2 = working anyway" text rides on their notice text, and managers
 * with SMS on get the escalation by text too. Absent, escalation goes by email only.
 */
export interface EscalationTexter {
  /**
   * Texts the escalation to the managers' phones that may receive SMS, each text claimed under the
   * request (the send history lists it); resolves when handed over.
   */
  sendEscalation(input: {
    tenantId: string;
    requestId: string;
    jobsiteId: string;
    jobsiteName: string;
    workDate: string;
    verdict: 'partial' | 'full' | 'none';
    managerWorkerIds: string[];
    body: string;
  }): Promise<void>;
}

/** "Reply 1 = crew stood down, 2 = working anyway": the line helper "sms" adds to the foreman's text. */
export const SMS_CONFIRMATION_LINE = 'Reply 1 = crew stood down, 2 = working anyway';
