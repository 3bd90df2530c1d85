import type { CompiledSite } from './compile-site';
import { MINUTES_PER_DAY, type LocalTimeline } from './local-time';

// Work plans: which hours of a forecast are working hours of which judged day. They depend only on
// the time axis, the zone and the schedule, so they are cached with the timeline: jobsites sharing
// a zone and a schedule share one plan.

export interface WorkPlan {
  /** Local day numbers of the judged days (complete working days), ascending. */
  days: Int32Array;
  /** Hour indices of the judged days' working hours, grouped by day, ascending within a day. */
  hours: Int32Array;
  /** Day k's hours are hours[offsets[k]] … hours[offsets[k + 1] − 1]. */
  offsets: Int32Array;
  /** One past the last hour index in `hours` (0 when none). */
  end: number;
}

interface PlanEntry {
  fromDay: number;
  toDay: number;
  plan: WorkPlan;
}

const plans = new WeakMap<LocalTimeline, Map<number, PlanEntry[]>>();

/**
 * The working day an hour belongs to, or NaN when it is not a working hour: `start <= minute < end`
 * on that day; for a window crossing midnight (end <= start) the hours before `end` belong to the
 * day before, the day the shift started.
 */
export function shiftDayOf(day: number, minute: number, startMinute: number, endMinute: number): number {
  if (endMinute > startMinute) return minute >= startMinute && minute < endMinute ? day : NaN;
  if (minute >= startMinute) return day;
  return minute < endMinute ? day - 1 : NaN;
}

function buildWorkPlan(tl: LocalTimeline, site: CompiledSite, fromDay: number, toDay: number): WorkPlan {
  const { dayMask, startMinute, endMinute } = site;
  // Local minutes from a shift day's midnight to the window's end: past 1440 when it crosses midnight.
  const windowEnd = endMinute > startMinute ? endMinute : endMinute + MINUTES_PER_DAY;
  const byDay = new Map<number, number[]>();
  if (dayMask !== 0 && endMinute !== startMinute) {
    for (let i = 0; i < tl.n; i++) {
      const d = shiftDayOf(tl.day[i]!, tl.minute[i]!, startMinute, endMinute);
      if (Number.isNaN(d) || d < fromDay || d >= toDay) continue;
      // ISO weekday of day number d (1970-01-01 was a Thursday) is ((d + 3) mod 7) + 1.
      if (((dayMask >> ((((d + 3) % 7) + 7) % 7)) & 2) === 0) continue;
      // Judge only days whose whole working window lies inside the forecast.
      if (tl.startLocalMinute > d * MINUTES_PER_DAY + startMinute) continue;
      if (tl.endLocalMinute < d * MINUTES_PER_DAY + windowEnd) continue;
      let list = byDay.get(d);
      if (!list) byDay.set(d, (list = []));
      list.push(i);
    }
  }
  const days = [...byDay.keys()].sort((a, b) => a - b);
  const hours: number[] = [];
  const offsets = [0];
  for (const d of days) {
    hours.push(...byDay.get(d)!);
    offsets.push(hours.length);
  }
  return {
    days: Int32Array.from(days),
    hours: Int32Array.from(hours),
    offsets: Int32Array.from(offsets),
    end: hours.reduce((m, i) => Math.max(m, i + 1), 0),
  };
}

/** The cached work plan of a site's schedule over a timeline, for local days [fromDay, toDay). */
export function workPlan(tl: LocalTimeline, site: CompiledSite, fromDay: number, toDay: number): WorkPlan {
  let bySchedule = plans.get(tl);
  if (!bySchedule) {
    bySchedule = new Map();
    plans.set(tl, bySchedule);
  }
  // dayMask < 2^8, minutes <= 1440 < 2^11: one small integer key.
  const key = site.dayMask * 4194304 + site.startMinute * 2048 + site.endMinute;
  let entries = bySchedule.get(key);
  if (!entries) {
    entries = [];
    bySchedule.set(key, entries);
  }
  for (const e of entries) if (e.fromDay === fromDay && e.toDay === toDay) return e.plan;
  const plan = buildWorkPlan(tl, site, fromDay, toDay);
  if (entries.length >= 16) entries.length = 0;
  entries.push({ fromDay, toDay, plan });
  return plan;
}
