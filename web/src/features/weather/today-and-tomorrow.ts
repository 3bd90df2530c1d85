import {
  MS_PER_DAY,
  dateOfDay,
  isoWeekdayOfDay,
  utcOffsetMinutes,
} from '../../../../shared/weather/local-time';
import type { JobsiteOutlook, OutlookDay } from '../../../../shared/weather/outlook';

/** One of the two days the dashboard leads with, on the jobsite's own calendar. */
export interface DayAhead {
  label: 'Today' | 'Tomorrow';
  /** Local date at the jobsite, "YYYY-MM-DD". */
  date: string;
  /** Whether the jobsite works on that weekday at all. */
  working: boolean;
  /** The engine's verdict for the day; absent on a day off or past the forecast's reach. */
  judgement: OutlookDay | undefined;
}

/**
 * Today and tomorrow where the jobsite is, not where the browser is: a Seattle site seen from
 * Chicago at 11 PM is still on "today". The outlook lists working days only, so a day that is
 * missing from it is either a day off or one the forecast does not reach.
 */
export function todayAndTomorrow(outlook: JobsiteOutlook, now: number = Date.now()): DayAhead[] {
  const { timezone, workingDays } = outlook.jobsite;
  const today = Math.floor((now + utcOffsetMinutes(now, timezone) * 60_000) / MS_PER_DAY);
  return (['Today', 'Tomorrow'] as const).map((label, i) => {
    const date = dateOfDay(today + i);
    return {
      label,
      date,
      working: workingDays.includes(isoWeekdayOfDay(today + i)),
      judgement: outlook.days.find((d) => d.date === date),
    };
  });
}
