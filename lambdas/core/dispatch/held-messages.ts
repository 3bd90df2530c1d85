import { SLOT_MINUTES } from '../../../shared/notice-slots';
import type { Verdict } from '../../../shared/weather/engine';
import type { TenantId } from '../caller';
import { pickFields } from '../../../shared/pick-fields';
import type { Audience, DueJobsite, MessageKind, UnjudgedJobsite } from './dispatch.ports';

/**
 * A message quiet hours held back (issue 10 §2): one per jobsite and working day. The change it was
 * about is not committed to the day's decision, so the run at `releaseAt` judges the day afresh
 * against the last state recipients heard of: a held notice that no longer applies is never sent,
 * and the claims still send each message once.
 */
export interface HeldMessage extends UnjudgedJobsite {
  jobsiteName: string;
  kind: MessageKind;
  verdict: Verdict;
  messageKey: string;
  recipients: { email: string; name: string; audience: Audience }[];
  /** Start (UTC ISO) of the first slot after the quiet hours: the index the planner reads. */
  releaseAt: string;
  /** The same instant on the jobsite's clock, "HH:MM", as the alert history shows it. */
  releaseLocal: string;
  heldAt: string;
  runId: string;
}

export interface HeldMessageRepo {
  /** Stores (or replaces) the held message of its jobsite and day. */
  hold(message: HeldMessage): Promise<void>;
  /** Held messages due for release in any of these slots (UTC ISO starts): one indexed query each. */
  dueIn(slots: readonly string[]): Promise<HeldMessage[]>;
  /** Forgets the held message of a jobsite and day once a run has judged it outside quiet hours. */
  clear(tenantId: string, jobsiteId: string, workDate: string): Promise<void>;
  /** The account's messages held now (the alert history lists them). */
  listForTenant(tenant: TenantId): Promise<HeldMessage[]>;
}

/** How far back a run looks for held messages, so a missed run at the release slot loses nothing. */
export const RELEASE_LOOKBACK_HOURS = 3;

/**
 * The held messages to judge again in the slot starting at `slot`: those whose release slot is this
 * one or one of the slots of the lookback (runs that did not happen or failed before clearing them).
 */
export async function releasedAt(slot: Date, held: HeldMessageRepo): Promise<DueJobsite[]> {
  const slots: string[] = [];
  for (let i = 0; i <= (RELEASE_LOOKBACK_HOURS * 60) / SLOT_MINUTES; i++)
    slots.push(new Date(slot.getTime() - i * SLOT_MINUTES * 60_000).toISOString());
  const due = await held.dueIn(slots);
  return due.map((h) => ({
    ...pickFields(h, ['tenantId', 'jobsiteId', 'workDate', 'noticeTime', 'timezone']),
    released: true,
    ...(h.cell ? { cell: h.cell } : {}),
  }));
}
