import { minuteOfDay } from './notice-slots';
import type { QuietHours } from './quiet-hours';

/** A notice time that quiet hours will hold, and when it goes out instead. */
export interface HeldNoticeTime {
  jobsiteName: string;
  /** The notice time, local "HH:MM". */
  time: string;
  /** When quiet hours end and the held notice goes out, local "HH:MM". */
  until: string;
  /** "Harbor Point Tower's 05:00 notice will wait until 06:00". */
  message: string;
}

function insideWindow(minute: number, start: number, end: number): boolean {
  return start < end ? minute >= start && minute < end : minute >= start || minute < end;
}

/**
 * Which notice times fall inside the quiet hours, read as wall-clock times: both are on the jobsite's
 * own clock (the dispatch reads quiet hours in each jobsite's zone), so no zone math is needed. A
 * non-urgent notice at such a time waits until the quiet hours end; lightning and official warnings
 * never wait, which the forms say beside this warning.
 */
export function noticeTimesHeldByQuietHours(
  quiet: QuietHours | null | undefined,
  jobsites: readonly { name: string; noticeTimes: readonly { time: string }[] }[],
): HeldNoticeTime[] {
  if (!quiet?.enabled || quiet.start === quiet.end) return [];
  const start = minuteOfDay(quiet.start);
  const end = minuteOfDay(quiet.end);
  const held: HeldNoticeTime[] = [];
  for (const site of jobsites) {
    const times = [...new Set(site.noticeTimes.map((n) => n.time))].filter((t) => /^\d{2}:\d{2}$/.test(t));
    for (const time of times.sort()) {
      if (!insideWindow(minuteOfDay(time), start, end)) continue;
      const name = site.name.trim() || 'This jobsite';
      held.push({
        jobsiteName: name,
        time,
        until: quiet.end,
        message: `${name}'s ${time} notice will wait until ${quiet.end}`,
      });
    }
  }
  return held;
}
