import type { ForecastSnapshot } from '../../../shared/ledger';
import type { DayJudgement, Verdict } from '../../../shared/weather/engine';
import type { Rule } from '../../../shared/weather/rule';
import type { TenantId } from '../caller';
import type { NoticeContractor } from '../notices/notice-contractor';

/** One notice time of one active jobsite, as the planner reads it (DESIGN §4, notice schedule). */
export interface NoticeSlotRecord {
  tenantId: string;
  jobsiteId: string;
  /** Local "HH:MM". */
  time: string;
  forDay: 'next' | 'same';
  timezone: string;
  workingDays: number[];
  /** Forecast grid cell (and pinned scenario) of the jobsite; absent on slots written before it existed. */
  cell?: string;
}

export interface NoticeSchedule {
  /** Every timezone that has (or had) a jobsite: one query each per run, whatever the jobsite count. */
  zonesInUse(): Promise<string[]>;
  /** The notice slots at local `time` in `timezone`. */
  dueAt(timezone: string, time: string): Promise<NoticeSlotRecord[]>;
  /** The days whose messages quiet hours held until this slot (held-messages.ts); absent: none. */
  released?(slot: Date): Promise<DueJobsite[]>;
}

/** A jobsite whose notice falls in this run's slot, with the working day the notice is about. */
export interface DueJobsite {
  tenantId: string;
  jobsiteId: string;
  workDate: string;
  noticeTime: string;
  cell?: string;
  /** The jobsite's zone (absent on entries recorded before it was kept): catching up reads its local date. */
  timezone?: string;
  /** Due because quiet hours held its message until this slot: the run forgets the hold once judged. */
  released?: boolean;
}

/** A due jobsite a run could not judge (no forecast, a failed batch): the next runs catch it up. */
export interface UnjudgedJobsite extends Omit<DueJobsite, 'timezone' | 'released'> {
  timezone: string;
}

export type MessageKind = 'notice' | 'update' | 'allClear';
/** What a claim is for: a notice's message, or a manager's escalation text (crew confirmation). */
export type ClaimKind = MessageKind | 'escalation';

/** A claim about the day's notice (delay, update, all-clear), not an escalation text: what counts as "told". */
export const isNoticeClaim = <T extends { kind: ClaimKind }>(c: T): c is T & { kind: MessageKind } =>
  c.kind !== 'escalation';
export type Audience = 'worker' | 'manager' | 'client';

export interface SentCounts {
  notice: number;
  update: number;
  allClear: number;
}

export interface DispatchRun {
  runId: string;
  startedAt: string;
  finishedAt: string;
  /** Start of the 15-minute slot the run served (UTC). */
  slotStart: string;
  trigger: 'schedule' | 'admin';
  due: number;
  judged: number;
  upstreamCalls: number;
  sent: SentCounts;
  failed: number;
  errors: string[];
  /** Every jobsite the run took on: those due in its slot, then those it caught up. */
  dueJobsites: { tenantId: string; jobsiteId: string; workDate: string }[];
  /** Of `due`, the jobsites left unjudged by earlier runs that this run took on again. */
  caughtUp: number;
  /** Jobsites the run could not judge; the next runs take them on again while their day lasts. */
  unjudged: UnjudgedJobsite[];
  /** Batches the planner handed to the worker, and how many of them have been counted so far. */
  batches?: number;
  batchesDone?: number;
  /** Grid cells whose forecast came from the forecast cache instead of upstream. */
  forecastCacheHits?: number;
}

/** What every attempt at a batch adds, counted or not. */
export type AttemptCounts = Pick<BatchTally, 'sent' | 'upstreamCalls' | 'forecastCacheHits'>;

/** Which run a batch belongs to (the run record's key). */
export interface RunRef {
  runId: string;
  startedAt: string;
}

/** What one batch adds to its run record. */
export interface BatchTally {
  batchNo: number;
  judged: number;
  upstreamCalls: number;
  forecastCacheHits: number;
  sent: SentCounts;
  failed: number;
  errors: string[];
  unjudged: UnjudgedJobsite[];
  finishedAt: string;
}

export interface DispatchRunRepo {
  /** Stores the run record whole (the planner's opening record: counts at zero). */
  record(run: DispatchRun): Promise<void>;
  /**
   * Adds a batch's counts to its run record atomically, once per batch: false when that batch was
   * counted before (a redelivered queue message), and nothing is added.
   */
  addBatch(run: RunRef, tally: BatchTally): Promise<boolean>;
  /**
   * Adds what an attempt that is not the batch's counted one did all the same: the messages it sent
   * and the upstream calls it made. Claims let each message be sent once, so these add up right
   * without a marker.
   */
  addAttempt(run: RunRef, counts: AttemptCounts): Promise<void>;
  get(run: RunRef): Promise<DispatchRun | null>;
  listRecent(limit: number): Promise<DispatchRun[]>;
}

/** The forecast a decision was made on (shared with the SPA's evidence page). */
export type { ForecastSnapshot };

/** The last verdict for one jobsite and working day: the evidence behind the weather-day ledger. */
export interface Decision {
  tenantId: string;
  jobsiteId: string;
  workDate: string;
  verdict: Verdict;
  hoursLost: number;
  /** A delay has been announced for this day and not cleared since. */
  delayCalled: boolean;
  judgement: DayJudgement | null;
  rules: Rule[];
  forecast: ForecastSnapshot | null;
  lastKind: MessageKind | null;
  /**
   * The last message the day's state called for, as it was judged then. Every due run offers it
   * again to each recipient; the claims let through only those who have not had it (a send that
   * failed and was released, a worker added since), so a failed send is retried by the next run.
   */
  announcement: Announcement | null;
  decidedAt: string;
  runId: string;
  /** The contractor's mark (weather-day ledger): the day was actually worked, or not; null when unmarked. */
  worked?: boolean | null;
  workedNote?: string | null;
  markedAt?: string | null;
  /**
   * Who marked it (issue 22): the member's name at the time, else their email; absent on marks made
   * before teams. `markedById` is their `sub`.
   */
  markedBy?: string | null;
  markedById?: string | null;
}

/** The contractor's "worked" mark on a decided day. */
export interface WorkedMark {
  worked: boolean;
  note: string | null;
  markedAt: string;
  markedBy: string;
  /** The marking member's `sub` (a name can change; the id says who it was). */
  markedById?: string;
}

export interface Announcement {
  kind: MessageKind;
  messageKey: string;
  judgement: DayJudgement;
}

export interface DecisionRepo {
  get(tenant: TenantId, jobsiteId: string, workDate: string): Promise<Decision | null>;
  /**
   * A batch's decisions in as few reads as the store allows (DynamoDB: BatchGetItem, 100 keys a
   * call), keyed `tenantId|jobsiteId|workDate`; absent days are absent. Optional: stores without it
   * are read one day at a time.
   */
  getMany?(
    days: readonly { tenantId: string; jobsiteId: string; workDate: string }[],
  ): Promise<Map<string, Decision>>;
  /**
   * Which of these days have a decision, keyed `tenantId|jobsiteId|workDate`, reading only their keys
   * (the observations ask for a week of days per jobsite and need no more). Optional, like `getMany`.
   */
  decidedOf?(
    days: readonly { tenantId: string; jobsiteId: string; workDate: string }[],
  ): Promise<Set<string>>;
  put(decision: Decision): Promise<void>;
  /**
   * Stores many decisions at once (DynamoDB: BatchWriteItem, 25 a call, unconditional like `put`).
   * Optional: stores without it are written one decision at a time.
   */
  putMany?(decisions: readonly Decision[]): Promise<void>;
  /** The jobsite's decisions for working days from `from` to `to` (inclusive), by date. */
  listRange(tenant: TenantId, jobsiteId: string, from: string, to: string): Promise<Decision[]>;
  /** Stores the mark on an existing decision; false when there is no decision for that day. */
  mark(tenant: TenantId, jobsiteId: string, workDate: string, mark: WorkedMark): Promise<boolean>;
}

/** One message to one recipient; its key is claimed before anything is sent. */
export interface MessageClaim {
  tenantId: string;
  jobsiteId: string;
  workDate: string;
  /**
   * `notice:full`, `update:partial:3`, `allClear:none`: kind, verdict and (updates) the hours lost;
   * `escalation:<request id>` for a manager's escalation text.
   */
  messageKey: string;
  recipient: string;
  kind: ClaimKind;
  verdict: Verdict;
  audience: Audience;
  recipientName: string;
  jobsiteName: string;
  runId: string;
  /** Email unless said (claims written before SMS existed are email); SMS keys start `sms:`. */
  channel?: 'email' | 'sms';
  /** SMS only: segments billed for the text. */
  segments?: number;
  /**
   * The member whose change led to this message (issue 22 §4): who changed the jobsite's rules since
   * the day was last judged, named in the alert history. Absent when only the weather moved.
   */
  causedBy?: string;
}

export interface SentMessage extends MessageClaim {
  status: 'PENDING' | 'SENT' | 'FAILED';
  /** SMS only: the carrier's last delivery event for the text. */
  deliveryStatus?: 'SENT' | 'DELIVERED' | 'FAILED' | null;
  claimedAt: string;
  sentAt: string | null;
  messageId: string | null;
}

/** Notices sent about one working day, counted per channel (a person texted and emailed counts once in each). */
export interface SentByChannel {
  email: number;
  sms: number;
}

/** Messages sent about each working day of one jobsite (the ledger's "who was told"). */
export interface SentPerDay {
  /** SENT notice claims per work date from `from` to `to` (inclusive), per channel; days without one are absent. */
  sentPerDay(
    tenant: TenantId,
    jobsiteId: string,
    from: string,
    to: string,
  ): Promise<Record<string, SentByChannel>>;
}

/** What names one claim: one message of one day of one jobsite to one recipient. */
export type ClaimKeyFields = Pick<
  MessageClaim,
  'tenantId' | 'jobsiteId' | 'workDate' | 'messageKey' | 'recipient'
>;
export const claimKeyOf = (c: ClaimKeyFields): string =>
  `${c.tenantId}|${c.jobsiteId}|${c.workDate}|${c.messageKey}|${c.recipient}`;

/** A claim this worker took and whose message went out: what `markSentMany` stores. */
export interface ClaimMark {
  claim: MessageClaim;
  claimedAt: Date;
  messageId: string;
  sentAt: Date;
}

export interface ClaimRepo {
  /** Creates the claim (PENDING) only if nobody holds it; false when it is taken. */
  claim(claim: MessageClaim, at: Date): Promise<boolean>;
  /**
   * Claims many messages at once, each only if nobody holds it (DynamoDB: TransactWriteItems of up
   * to 100 conditional puts; a transaction cancelled by claims already held claims the others
   * again). Answers the keys (`claimKeyOf`) this call took; every other one somebody holds.
   * Optional: without it each message is claimed on its own.
   */
  claimMany?(claims: readonly MessageClaim[], at: Date): Promise<Set<string>>;
  /**
   * Of these claims, the ones somebody holds already (sent or being sent), by `claimKeyOf`, in as
   * few reads as the store allows (DynamoDB: BatchGetItem, 100 keys a call). Only saves the claim
   * attempts a quiet re-run would see fail: a key absent here is still claimed conditionally.
   * Optional: without it every message is claimed.
   */
  heldOf?(claims: readonly ClaimKeyFields[]): Promise<Set<string>>;
  markSent(claim: MessageClaim, messageId: string, at: Date): Promise<void>;
  /**
   * Marks many held claims sent at once (DynamoDB: BatchWriteItem of the whole SENT items, 25 a
   * call): only for claims this caller took (`claimedAt` is when) and whose message went out, which
   * nobody else writes. Optional: stores without it are marked one claim at a time.
   */
  markSentMany?(marks: readonly ClaimMark[]): Promise<void>;
  /** Gives the claim up after a failed send, so the next run may try again. */
  release(claim: MessageClaim): Promise<void>;
  listRecent(tenant: TenantId, limit: number): Promise<SentMessage[]>;
}

/** What a notice is about; the email feature words it from the account's templates. */
export interface NoticeContent {
  kind: MessageKind;
  tenantId: string;
  jobsite: {
    id: string;
    name: string;
    address: string | null;
    timezone: string;
    workingHours: { start: string; end: string };
  };
  clientName: string | null;
  workDate: string;
  judgement: DayJudgement;
  simulated: boolean;
  /** Who the notice speaks for and whom to call (core/notices/notice-contractor.ts). */
  contractor?: NoticeContractor;
  /** The foreman's two signed answer links (crew confirmation); absent for everyone else. */
  confirmation?: Record<'stood-down' | 'working', string>;
  /** The member whose rule change brought this message (the claim's `causedBy`); absent otherwise. */
  causedBy?: string;
}

export interface NoticeRecipientRef {
  audience: Audience;
  email: string;
  name: string;
  /** The worker record (workers and managers): their own unsubscribe link is built from it. */
  workerId: string | null;
}

/** Words one notice for one recipient and sends it (SES in AWS, the emulator locally). */
export interface NoticeSender {
  send(content: NoticeContent, recipient: NoticeRecipientRef): Promise<{ messageId: string }>;
}
