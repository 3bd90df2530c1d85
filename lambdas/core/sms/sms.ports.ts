import type { SmsConsentEvent } from '../../../shared/sms-messages';
import type { TenantId } from '../caller';
import type { ConsentState } from './consent';
import type { MessageClaim } from '../dispatch/dispatch.ports';

/** One account's consent record for one phone number (E.164). */
export interface SmsConsent {
  tenantId: string;
  phone: string;
  state: ConsentState;
  /** The company the number agreed to hear from (the ask and HELP name it). */
  company: string;
  log: SmsConsentEvent[];
  /** Bumped by every write; writes are conditional on it. */
  version: number;
}

export interface SmsConsentStore {
  get(tenant: TenantId, phone: string): Promise<SmsConsent | null>;
  /** Every account's record for a number (a reply does not say which account it answers). */
  listForPhone(phone: string): Promise<SmsConsent[]>;
  listForTenant(tenant: TenantId): Promise<SmsConsent[]>;
  /**
   * The account's records of these numbers (batched gets): what a page of workers needs, whatever
   * the account's size. Absent in fakes (the caller then reads `listForTenant`).
   */
  getMany?(tenant: TenantId, phones: readonly string[]): Promise<SmsConsent[]>;
  /** Creates the record only if the account has none for the number: false when one exists. */
  create(consent: SmsConsent): Promise<boolean>;
  /** Replaces the record only if its version is still `expectedVersion`: false otherwise. */
  replace(consent: SmsConsent, expectedVersion: number): Promise<boolean>;
}

export class SmsOptedOutError extends Error {
  constructor(readonly phone: string) {
    super(`The number ${phone} is on the opt-out list`);
  }
}

/** Sends one text (End User Messaging SMS in AWS, the local SMS server locally). */
export interface TextSender {
  /** Throws SmsOptedOutError when the carrier's opt-out list holds the number. */
  send(text: { to: string; body: string }): Promise<{ messageId: string }>;
}

/** SMS segments an account may send this month: counted with a conditional write, never read-then-write. */
export interface SmsAllowance {
  /** Takes `count` segments from the month's allowance; false (nothing taken) when it would go over. */
  take(tenant: TenantId, month: string, count: number, limit: number): Promise<boolean>;
  /** Gives back what a failed send took. */
  giveBack(tenant: TenantId, month: string, count: number): Promise<void>;
  used(tenant: TenantId, month: string): Promise<number>;
}

/** Where a sent text is, so its delivery events find its claim. */
export interface SmsMessageRef {
  messageId: string;
  tenantId: string;
  jobsiteId: string;
  workDate: string;
  messageKey: string;
  recipient: string;
}

export type SmsDeliveryStatus = 'SENT' | 'DELIVERED' | 'FAILED';

/** A text that went out: its claim (the ref's key) is marked SENT at `sentAt`. */
export interface SentText {
  ref: SmsMessageRef;
  sentAt: Date;
  /**
   * The whole claim as it was taken, and when: the mark can then be a put of the whole item instead
   * of an update in a transaction (half the write units, issue 26 item 4). Absent, an update.
   */
  claimed?: { claim: MessageClaim; at: Date };
}

export interface SmsDeliveryLog {
  remember(ref: SmsMessageRef): Promise<void>;
  /**
   * For each text, its claim marked SENT and its message id remembered, many texts at once. A text
   * with its whole claim (`claimed`): the claims are put whole first, the message records after, so
   * no delivery event (found through its record) lands on a claim before its mark. Without: an
   * update (a delivery event that landed first keeps its status), in one transaction with the
   * records, all or none. Absent in fakes (each text is then marked and remembered on its own).
   */
  markSentMany?(texts: readonly SentText[]): Promise<void>;
  /** Records a delivery event on the text's claim; false when the message is not one of ours. */
  record(messageId: string, status: SmsDeliveryStatus, at: string): Promise<boolean>;
}

/**
 * A foreman's "1" or "2" (core/confirmations answers it): true when the reply confirmed a notice,
 * false when there was nothing to confirm (the sender then gets the HELP text).
 */
export interface ConfirmationReplies {
  answerBySms(accountId: string, workerId: string, answer: 'stood-down' | 'working'): Promise<boolean>;
}
