import { addDays, localClock, SLOT_MINUTES } from '../../../shared/notice-slots';
import type { DueJobsite, NoticeSchedule } from './dispatch.ports';

function hhmm(minuteOfDay: number): string {
  return `${String(Math.floor(minuteOfDay / 60)).padStart(2, '0')}:${String(minuteOfDay % 60).padStart(2, '0')}`;
}

/**
 * The jobsites due in the slot starting at `slot` (UTC): for each zone in use, the local wall-clock
 * time of the slot (zones are offset by whole quarter hours, so each slot is exactly one local
 * "HH:MM" per zone), then one indexed query for that zone and time. A notice is due only when the
 * day it is about is one of the jobsite's working days. Local times a DST change skips are never due.
 */
export async function planDispatch(slot: Date, schedule: NoticeSchedule): Promise<DueJobsite[]> {
  const zones = await schedule.zonesInUse();
  const perZone = await Promise.all(
    zones.map(async (timezone) => {
      let local;
      try {
        local = localClock(slot, timezone);
      } catch {
        return [];
      }
      // Only quarter-hour notice times exist; a zone whose local slot starts off the quarter hour has none.
      if (local.minuteOfDay % SLOT_MINUTES !== 0) return [];
      const slots = await schedule.dueAt(timezone, hhmm(local.minuteOfDay));
      return slots.flatMap((s): DueJobsite[] => {
        const target = addDays(local.date, s.forDay === 'next' ? 1 : 0);
        if (!s.workingDays.includes(target.isoWeekday)) return [];
        return [
          {
            tenantId: s.tenantId,
            jobsiteId: s.jobsiteId,
            workDate: target.date,
            noticeTime: s.time,
            cell: s.cell,
            timezone: s.timezone,
          },
        ];
      });
    }),
  );
  const due = perZone.flat();
  // Messages quiet hours held until this slot: judged again, once, with the jobsites due now.
  const seen = new Map(due.map((d) => [`${d.tenantId}|${d.jobsiteId}|${d.workDate}`, d]));
  for (const r of schedule.released ? await schedule.released(slot) : []) {
    const same = seen.get(`${r.tenantId}|${r.jobsiteId}|${r.workDate}`);
    if (same) same.released = true;
    else due.push(r);
  }
  return inBatchOrder(due);
}

/**
 * The order batches are cut from. Each account's jobsites side by side, so a batch reads an
 * account's workers, suppressions and settings once per run rather than once per batch its jobsites
 * fell in (grid-cell order spread an account over ~3 of 12 batches: 0.72 of a quiet re-run's 0.8
 * DynamoDB calls per jobsite). Accounts whose most used grid cell is the same (or next in key order)
 * come together, and an account's jobsites go by cell, so a batch still holds few cells; a cell
 * that several batches hold is fetched upstream once all the same (the forecast cache's fetch
 * claims, core/weather/cached-forecast.ts).
 */
export function inBatchOrder(due: readonly DueJobsite[]): DueJobsite[] {
  const cellOf = (d: DueJobsite) => d.cell ?? '';
  const counts = new Map<string, Map<string, number>>();
  for (const d of due) {
    const cells = counts.get(d.tenantId) ?? new Map<string, number>();
    cells.set(cellOf(d), (cells.get(cellOf(d)) ?? 0) + 1);
    counts.set(d.tenantId, cells);
  }
  const home = new Map<string, string>();
  for (const [tenantId, cells] of counts) {
    let best = '';
    let most = 0;
    for (const [cell, n] of cells) if (n > most || (n === most && cell < best)) [best, most] = [cell, n];
    home.set(tenantId, best);
  }
  const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return [...due].sort(
    (a, b) =>
      compare(home.get(a.tenantId)!, home.get(b.tenantId)!) ||
      compare(a.tenantId, b.tenantId) ||
      compare(cellOf(a), cellOf(b)) ||
      compare(a.jobsiteId, b.jobsiteId) ||
      compare(a.workDate, b.workDate),
  );
}
