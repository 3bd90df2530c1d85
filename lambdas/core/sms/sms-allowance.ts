import { PLANS, type PlanId } from '../../../shared/plans';
import { measureSms } from '../../../shared/sms-text';
import type { TenantId } from '../caller';
import type { SmsAllowance } from './sms.ports';

/** "2026-11" of an instant: the allowance's month (UTC). */
export const allowanceMonth = (at: Date) => at.toISOString().slice(0, 7);

/** What one text took from the month's allowance, to give back if the send fails. */
export interface AllowanceHold {
  segments: number;
  giveBack(): Promise<void>;
}

/**
 * Takes a text's SEGMENTS (what the carrier bills: a 2-segment text costs two) from the plan's
 * monthly allowance with one conditional update, so parallel sends never go over it; null (nothing
 * taken) when the text would.
 */
export async function takeAllowance(
  allowance: SmsAllowance,
  input: { tenant: TenantId; plan: PlanId; body: string; at: Date },
): Promise<AllowanceHold | null> {
  const { segments } = measureSms(input.body);
  const month = allowanceMonth(input.at);
  const taken = await allowance.take(input.tenant, month, segments, PLANS[input.plan].smsMonthlyAllowance);
  if (!taken) return null;
  return { segments, giveBack: () => allowance.giveBack(input.tenant, month, segments) };
}

/**
 * Segments a batch takes from an account's allowance at once: a storm morning's texts of one
 * account then cost a conditional write per block (and one to give back the rest), not one each.
 */
export const ALLOWANCE_BLOCK = 20;

/** A batch's allowance: the store's, taken a block at a time; `settle` gives back what went unused. */
export interface BlockAllowance extends SmsAllowance {
  settle(): Promise<void>;
}

interface Reserve {
  tenant: TenantId;
  month: string;
  /** Segments taken from the store and not yet spent by a text (a failed send's come back here). */
  left: number;
  /** The account's takes, one after another, so two texts never both ask the store for a block. */
  turn: Promise<unknown>;
}

/**
 * The allowance in blocks: a text is taken from what the batch already holds for its account and
 * month; when that is short, a block (`ALLOWANCE_BLOCK`, or more when one text needs more) is taken
 * from the store by the same conditional write as a single text's, so the store's count never
 * passes the plan's allowance whatever other workers take at the same time. Near the allowance,
 * where a block no longer fits, only what the text needs is taken. What the batch holds unspent is
 * counted as used until `settle` gives it back (a crash before then leaves it counted: the month's
 * count is too high by less than a block per account, never too low).
 */
export function allowanceInBlocks(store: SmsAllowance, block = ALLOWANCE_BLOCK): BlockAllowance {
  const reserves = new Map<string, Reserve>();
  const reserveOf = (tenant: TenantId, month: string) => {
    const key = `${tenant}|${month}`;
    let reserve = reserves.get(key);
    if (!reserve) reserves.set(key, (reserve = { tenant, month, left: 0, turn: Promise.resolve() }));
    return reserve;
  };
  return {
    take(tenant, month, count, limit) {
      const r = reserveOf(tenant, month);
      const taking = r.turn.then(async () => {
        if (r.left >= count) {
          r.left -= count;
          return true;
        }
        const need = count - r.left;
        // `+=`, not `=`: a failed send may give segments back while the store is asked.
        for (const ask of need < block ? [block, need] : [need])
          if (await store.take(tenant, month, ask, limit)) {
            r.left += ask - count;
            return true;
          }
        return false;
      });
      r.turn = taking.catch(() => undefined);
      return taking;
    },
    async giveBack(tenant, month, count) {
      reserveOf(tenant, month).left += count;
    },
    used: (tenant, month) => store.used(tenant, month),
    async settle() {
      const failures: unknown[] = [];
      for (const r of reserves.values()) {
        await r.turn;
        const unspent = r.left;
        if (unspent <= 0) continue;
        r.left -= unspent;
        await store.giveBack(r.tenant, r.month, unspent).catch((err: unknown) => failures.push(err));
      }
      if (failures.length > 0) throw failures[0];
    },
  };
}
