import { PLANS, type PlanId } from '../../../shared/plans';
import type { Jobsite, Worker } from '../../../shared/records';
import { composeNoticeText } from '../../../shared/sms-text';
import type { Announcement } from '../dispatch/dispatch.ports';
import { claimKeyOf } from '../dispatch/dispatch.ports';
import { SMS_CONFIRMATION_LINE } from '../confirmations/confirmation.ports';
import {
  sendClaimedText,
  smsClaimOf,
  smsMessageKey,
  type TextDeps,
  type TextOutcome,
  type WorkerText,
} from './send-texts';
import { mapWithConcurrency } from '../../../shared/concurrency';
import { tenantFromStore } from '../caller';
import { batchClaimsOf } from '../dispatch/claim-coalescer';
import type { MessageClaim } from '../dispatch/dispatch.ports';
import type { SmsConsentStore } from './sms.ports';

export interface NoticeTexts {
  tenantId: string;
  plan: PlanId;
  company: string;
  jobsite: Pick<Jobsite, 'id' | 'name' | 'recipients' | 'foremanWorkerId'>;
  workDate: string;
  announcement: Announcement;
  workers: readonly Worker[];
  runId: string;
  /** The notice's details page (helper "notices"' maker), when wired. */
  detailsUrl?: string;
  /** The member whose rule change brought this announcement; absent when no one did. */
  changedBy?: string;
  /**
   * Claims the batch's read found held (`claimKeyOf`): those texts went out already (or are going),
   * so they are skipped unasked: no consent read, no refused claim, no short link for them.
   */
  held?: ReadonlySet<string>;
  /** Claims the texts offered (the batch's coalesced claims); absent, the jobsite's are claimed alone. */
  claim?: (offered: readonly MessageClaim[]) => Promise<Set<string>>;
  /** The time `claim` writes on every claim (the batch's): a sent text's mark then puts the whole claim. */
  claimedAt?: Date;
  /** How many of the jobsite's texts are sent at once (default 1). */
  inFlight?: number;
}

/** What texting one announcement did, for the run's record. */
export interface TextsOutcome {
  outcomes: TextOutcome[];
  /** Sends that failed (released: the next due run tries again), as the run record lists them. */
  errors: string[];
  /** Why the texts went without the details link (the short code could not be stored). */
  linkError?: string;
}

/**
 * The workers of the jobsite (named, foreman or through a crew) whose SMS is on, one per number: who
 * a notice of the jobsite is texted to (the batch's held-claims read asks for the same numbers).
 */
export function textTargetsOf(
  jobsite: Pick<Jobsite, 'recipients' | 'foremanWorkerId'>,
  workers: readonly Worker[],
): Worker[] {
  const named = new Set(jobsite.recipients.workerIds);
  const crews = new Set(jobsite.recipients.crewIds);
  const seen = new Set<string>();
  return workers.filter((w) => {
    if (!w.phone || !w.smsOptIn || seen.has(w.phone)) return false;
    if (w.id !== jobsite.foremanWorkerId && !named.has(w.id) && !w.crewIds.some((c) => crews.has(c)))
      return false;
    seen.add(w.phone);
    return true;
  });
}

/**
 * The SMS side of one announcement: every worker of the jobsite (named or through a crew) whose
 * SMS is on gets the same notice as a text, one per number. Called right after the email loop, so
 * quiet hours, the life-safety override and the plan's notification gate apply as to email.
 */
export async function textAnnouncement(input: NoticeTexts, deps: TextDeps): Promise<TextsOutcome> {
  const { jobsite } = input;
  const messageKey = smsMessageKey(input.announcement.messageKey);
  const held = input.held ?? new Set<string>();
  const isHeld = (w: Worker) =>
    held.has(
      claimKeyOf({
        tenantId: input.tenantId,
        jobsiteId: jobsite.id,
        workDate: input.workDate,
        messageKey,
        recipient: w.phone!,
      }),
    );
  const all = textTargetsOf(jobsite, input.workers);
  const unheld = all.filter((w) => !isHeld(w));
  const skipped: TextOutcome[] = all.filter(isHeld).map(() => 'already-sent');
  if (unheld.length === 0) return { outcomes: skipped, errors: [] };
  if (!PLANS[input.plan].features.smsNotifications)
    return { outcomes: [...skipped, ...unheld.map((): TextOutcome => 'no-plan')], errors: [] };
  // Only a number that said YES is texted: the jobsite's numbers are read together.
  const on = await numbersOn(deps.consents, input.tenantId, unheld);
  const targets = unheld.filter((w) => on.has(w.phone!));
  skipped.push(...unheld.filter((w) => !on.has(w.phone!)).map((): TextOutcome => 'no-consent'));
  if (targets.length === 0) return { outcomes: skipped, errors: [] };
  const ref = { tenantId: input.tenantId, jobsiteId: jobsite.id, workDate: input.workDate };
  let detailsUrl: string | undefined;
  try {
    // The short link (`/n/<8 chars>`) is made only when someone may be texted.
    detailsUrl = input.detailsUrl ?? (await deps.detailsUrl?.(ref)) ?? undefined;
  } catch (err) {
    // No link is no reason to keep a crew uninformed: the text goes without it, and the run says why.
    const sent = await sendAll(input, deps, targets, undefined);
    return { outcomes: [...skipped, ...sent.outcomes], errors: sent.errors, linkError: errorText(err) };
  }
  const sent = await sendAll(input, deps, targets, detailsUrl);
  return { outcomes: [...skipped, ...sent.outcomes], errors: sent.errors };
}

/** The numbers of these workers whose consent is on, in one batched read where the store has one. */
async function numbersOn(consents: SmsConsentStore, tenantId: string, workers: readonly Worker[]) {
  const tenant = tenantFromStore(tenantId);
  const phones = workers.map((w) => w.phone!);
  if (consents.getMany)
    return new Set(
      (await consents.getMany(tenant, phones)).flatMap((c) => (c.state === 'on' ? [c.phone] : [])),
    );
  const found = await Promise.all(phones.map((phone) => consents.get(tenant, phone)));
  return new Set(phones.filter((_, i) => found[i]?.state === 'on'));
}

const errorText = (err: unknown) => String((err as Error)?.message ?? err);

async function sendAll(
  input: NoticeTexts,
  deps: TextDeps,
  targets: readonly Worker[],
  detailsUrl: string | undefined,
): Promise<TextsOutcome> {
  const { announcement, jobsite } = input;
  const text = {
    kind: announcement.kind,
    company: input.company,
    jobsiteName: jobsite.name,
    workDate: input.workDate,
    judgement: announcement.judgement,
    ...(detailsUrl ? { detailsUrl } : {}),
    ...(input.changedBy ? { changedBy: input.changedBy } : {}),
  };
  const { body } = composeNoticeText(text);
  // The foreman confirms a delay notice or update by replying 1 or 2 (core/confirmations answers it).
  const foremanId = announcement.kind === 'allClear' ? null : (jobsite.foremanWorkerId ?? null);
  const foremanBody = foremanId
    ? composeNoticeText({ ...text, replyLine: SMS_CONFIRMATION_LINE }).body
    : body;
  const texts = targets.map((w): WorkerText => ({
    tenantId: input.tenantId,
    plan: input.plan,
    jobsiteId: jobsite.id,
    jobsiteName: jobsite.name,
    workDate: input.workDate,
    messageKey: announcement.messageKey,
    kind: announcement.kind,
    verdict: announcement.judgement.verdict,
    audience: w.isManager ? 'manager' : 'worker',
    worker: { id: w.id, name: w.name, phone: w.phone! },
    body: w.id === foremanId ? foremanBody : body,
    runId: input.runId,
  }));
  // The jobsite's texts are claimed together (with the batch's other claims when it coalesces them),
  // each by a conditional write, before any is sent; then sent a few at a time.
  const inFlight = input.inFlight ?? 1;
  const now = deps.clock.now();
  const claim = input.claim ?? batchClaimsOf(deps.claims, now, inFlight);
  const claimedAt = input.claim ? input.claimedAt : now;
  const offered = texts.map((t) => ({ text: t, claim: smsClaimOf(t) }));
  const outcomes: TextOutcome[] = [];
  const errors: string[] = [];
  let taken: Set<string>;
  try {
    taken = await claim(offered.map((o) => o.claim));
  } catch (err) {
    return {
      outcomes,
      errors: texts.map((t) => `${jobsite.name} → SMS ${t.worker.phone}: ${errorText(err)}`),
    };
  }
  outcomes.push(
    ...offered.filter((o) => !taken.has(claimKeyOf(o.claim))).map((): TextOutcome => 'already-sent'),
  );
  const mine = offered.filter((o) => taken.has(claimKeyOf(o.claim)));
  await mapWithConcurrency(mine, inFlight, async (o) => {
    try {
      outcomes.push(await sendClaimedText(o.text, o.claim, deps, claimedAt));
    } catch (err) {
      errors.push(`${jobsite.name} → SMS ${o.text.worker.phone}: ${errorText(err)}`);
    }
  });
  return { outcomes, errors };
}
