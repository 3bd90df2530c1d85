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
  // Jobsites of one grid cell side by side: batches are cut from this order, so a cell's forecast
  // is asked for once per run however many zones its jobsites' notices come from.
  return due.sort((a, b) => (a.cell ?? '').localeCompare(b.cell ?? ''));
}
