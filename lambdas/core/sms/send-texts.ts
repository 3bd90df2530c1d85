import { PLANS, type PlanId } from '../../../shared/plans';
import { measureSms } from '../../../shared/sms-text';
import { takeAllowance } from './sms-allowance';
import type { Verdict } from '../../../shared/weather/judgement';
import { tenantFromStore } from '../caller';
import type { Audience, ClaimKind, ClaimRepo, MessageClaim } from '../dispatch/dispatch.ports';
import type { Clock } from '../runtime.ports';
import { applyConsentInput } from './consent-records';
import { coalesced } from '../dispatch/claim-coalescer';
import {
  SmsOptedOutError,
  type SmsAllowance,
  type SmsConsentStore,
  type SmsDeliveryLog,
  type TextSender,
} from './sms.ports';

export interface TextDeps {
  consents: SmsConsentStore;
  sender: TextSender;
  allowance: SmsAllowance;
  claims: ClaimRepo;
  deliveries: SmsDeliveryLog;
  clock: Clock;
  /**
   * The notice's details page as a short link (core/notices/notice-short-codes.ts): the page the
   * email links, behind 8 characters, so the link always fits the text's two segments.
   */
  detailsUrl?: (ref: { tenantId: string; jobsiteId: string; workDate: string }) => Promise<string | null>;
  /**
   * How a sent text's mark and delivery record are written: with the batch's other texts
   * (`coalescedTextMarks`, a transaction per 50) during a dispatch; absent, each on its own.
   */
  markSent?: (mark: TextMark) => Promise<void>;
}

/** A text that went out, to be marked on its claim and remembered by its message id. */
export interface TextMark {
  claim: MessageClaim;
  messageId: string;
  sentAt: Date;
  /** When the claim was taken, when known: the mark is then a put of the whole claim (SentText). */
  claimedAt?: Date;
}

/** One text to one worker about one jobsite's day (a notice, or helper "confirm"'s escalation). */
export interface WorkerText {
  tenantId: string;
  plan: PlanId;
  jobsiteId: string;
  jobsiteName: string;
  workDate: string;
  /** The message's key without the channel (`notice:full`, `escalation:…`): the claim adds `sms:`. */
  messageKey: string;
  kind: ClaimKind;
  verdict: Verdict;
  audience: Audience;
  worker: { id: string; name: string; phone: string };
  body: string;
  runId: string;
}

export type TextOutcome =
  'sent' | 'already-sent' | 'no-consent' | 'no-plan' | 'over-allowance' | 'opted-out' | 'failed';

/** A message key on the SMS channel: a text's claim is apart from the email's of the same message. */
export const smsMessageKey = (messageKey: string) => `sms:${messageKey}`;

/**
 * Texts a worker at most once per message, whatever retries, repeats or concurrent runs: the SMS
 * claim (channel in its key) is taken with a conditional write before anything is sent, as email's.
 * Only a number that said YES gets texts; each text takes its segments from the plan's monthly allowance.
 */
export async function sendTextToWorker(text: WorkerText, deps: TextDeps): Promise<TextOutcome> {
  if (!PLANS[text.plan].features.smsNotifications) return 'no-plan';
  const consent = await deps.consents.get(tenantFromStore(text.tenantId), text.worker.phone);
  if (consent?.state !== 'on') return 'no-consent';
  const claim = smsClaimOf(text);
  if (!(await deps.claims.claim(claim, deps.clock.now()))) return 'already-sent';
  return sendClaimedText(text, claim, deps);
}

/** The SMS claim of a text (channel in its key, segments for the send history). */
export function smsClaimOf(text: WorkerText): MessageClaim {
  return {
    tenantId: text.tenantId,
    jobsiteId: text.jobsiteId,
    workDate: text.workDate,
    messageKey: smsMessageKey(text.messageKey),
    recipient: text.worker.phone,
    kind: text.kind,
    verdict: text.verdict,
    audience: text.audience,
    recipientName: text.worker.name,
    jobsiteName: text.jobsiteName,
    runId: text.runId,
    channel: 'sms',
    segments: measureSms(text.body).segments,
  };
}

/**
 * A text whose claim this caller took: its segments are taken from the allowance, it is sent, its
 * claim marked and its message id remembered for the delivery events. A failed send (or no
 * allowance left) releases the claim, so the next run tries again.
 */
export async function sendClaimedText(
  text: WorkerText,
  claim: MessageClaim,
  deps: Omit<TextDeps, 'detailsUrl'>,
  /** When the claim was taken (the batch's claims all carry one time), if the caller knows. */
  claimedAt?: Date,
): Promise<TextOutcome> {
  const tenant = tenantFromStore(text.tenantId);
  const now = deps.clock.now();
  const hold = await takeAllowance(deps.allowance, { tenant, plan: text.plan, body: text.body, at: now });
  if (!hold) {
    await deps.claims.release(claim);
    return 'over-allowance';
  }
  let messageId: string;
  try {
    ({ messageId } = await deps.sender.send({ to: text.worker.phone, body: text.body }));
  } catch (err) {
    await deps.claims.release(claim);
    await hold.giveBack();
    if (!(err instanceof SmsOptedOutError)) throw err;
    // The carrier's list says STOP: record it as every account's, as a reply STOP would be.
    await stopEverywhere(deps.consents, text.worker.phone, 'carrier', now);
    return 'opted-out';
  }
  // Sent: a mark or delivery record that fails is an error for the run, never a reason to release
  // the claim (that would text the number again).
  const mark = { claim, messageId, sentAt: deps.clock.now(), ...(claimedAt ? { claimedAt } : {}) };
  await (deps.markSent ? deps.markSent(mark) : markTextSent(mark, deps));
  return 'sent';
}

/** One text's mark and delivery record, each its own write (the mark first: it is what a re-run checks). */
async function markTextSent(mark: TextMark, deps: Pick<TextDeps, 'claims' | 'deliveries'>) {
  await deps.claims.markSent(mark.claim, mark.messageId, mark.sentAt);
  await deps.deliveries.remember({ messageId: mark.messageId, ...claimKeyOf(mark.claim) });
}

/**
 * A batch's text marks, coalesced: while one transaction is on its way the texts sent meanwhile
 * wait and go in the next (50 a transaction), so a text's delivery record is there for the
 * carrier's events after at most the write in flight and its own. A transaction that fails is
 * written again text by text, so one bad item costs only its own mark.
 */
export function coalescedTextMarks(
  deps: Pick<TextDeps, 'claims' | 'deliveries'>,
): ((mark: TextMark) => Promise<void>) | undefined {
  const { markSentMany } = deps.deliveries;
  if (!markSentMany) return undefined;
  const many = coalesced(
    (marks: TextMark[]) =>
      markSentMany.call(
        deps.deliveries,
        marks.map((m) => ({
          ref: { messageId: m.messageId, ...claimKeyOf(m.claim) },
          sentAt: m.sentAt,
          ...(m.claimedAt ? { claimed: { claim: m.claim, at: m.claimedAt } } : {}),
        })),
      ),
    () => undefined,
    TEXT_MARKS_PER_WRITE,
  );
  return (mark) => many([mark]).catch(() => markTextSent(mark, deps));
}

/** Texts marked in one transaction: two items each (mark, delivery record), DynamoDB's 100 a call. */
const TEXT_MARKS_PER_WRITE = 50;

const claimKeyOf = (c: MessageClaim) => ({
  tenantId: c.tenantId,
  jobsiteId: c.jobsiteId,
  workDate: c.workDate,
  messageKey: c.messageKey,
  recipient: c.recipient,
});

/** STOP means no texts to that number from anyone: every account's record goes to stopped at once. */
export async function stopEverywhere(
  consents: SmsConsentStore,
  phone: string,
  source: 'sms-reply' | 'carrier',
  at: Date,
  detail?: string,
): Promise<number> {
  let stopped = 0;
  for (const record of await consents.listForPhone(phone)) {
    const step = await applyConsentInput(
      consents,
      record,
      { type: 'stop', source },
      { at: at.toISOString(), source, ...(detail ? { detail } : {}) },
    );
    if (step?.logged) stopped += 1;
  }
  return stopped;
}
