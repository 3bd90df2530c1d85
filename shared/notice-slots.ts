import { formatterPerZone } from './zone-formatters';

/**
 * When a jobsite's notices are due. The scheduler runs every SLOT_MINUTES; a notice is due in the
 * slot that contains its local time, on the jobsite's own clock (IANA timezone, so DST is honoured).
 */
export const SLOT_MINUTES = 15;

export interface NoticeTime {
  /** Local wall-clock time, "HH:MM" (24 h). */
  time: string;
  /** Which working day the notice is about: the next day (evening notice) or the same day. */
  forDay: 'next' | 'same';
}

/** DESIGN §7: 6 PM the day before and 5 AM the day of. */
export const DEFAULT_NOTICE_TIMES: readonly NoticeTime[] = [
  { time: '18:00', forDay: 'next' },
  { time: '05:00', forDay: 'same' },
];

/** Monday … Friday as ISO weekdays. */
export const DEFAULT_WORKING_DAYS: readonly number[] = [1, 2, 3, 4, 5];

const HHMM = /^([01]\d|2[0-3]):([0-5]\d)$/;

export function isValidNoticeTime(value: string): boolean {
  return HHMM.test(value);
}

export function minuteOfDay(hhmm: string): number {
  const m = HHMM.exec(hhmm);
  if (!m) throw new RangeError(`Not a HH:MM time: ${hhmm}`);
  return Number(m[1]) * 60 + Number(m[2]);
}

/** The start of the slot containing `at` (UTC). */
export function slotStart(at: Date, slotMinutes = SLOT_MINUTES): Date {
  const ms = slotMinutes * 60_000;
  return new Date(Math.floor(at.getTime() / ms) * ms);
}

export interface LocalClock {
  /** "YYYY-MM-DD" on the local calendar. */
  date: string;
  minuteOfDay: number;
  /** ISO weekday, 1 = Monday. */
  isoWeekday: number;
}

const WEEKDAYS: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };

/** The dispatch asks the clock of the same few zones for every jobsite: one formatter per zone. */
const clockFormat = formatterPerZone({
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  weekday: 'short',
  hourCycle: 'h23',
});

/** The wall clock in `timeZone` at the instant `at`. Throws RangeError on an unknown zone. */
export function localClock(at: Date, timeZone: string): LocalClock {
  const parts = clockFormat(timeZone).formatToParts(at);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return {
    date: `${get('year')}-${get('month')}-${get('day')}`,
    minuteOfDay: Number(get('hour')) * 60 + Number(get('minute')),
    isoWeekday: WEEKDAYS[get('weekday')] ?? 0,
  };
}

export function isValidTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

export interface DueNotice {
  notice: NoticeTime;
  /** The local working day the notice is about, "YYYY-MM-DD". */
  workDate: string;
}

/** The local calendar day `days` after `isoDate`, with its ISO weekday. */
export function addDays(isoDate: string, days: number): { date: string; isoWeekday: number } {
  const d = new Date(`${isoDate}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  const weekday = d.getUTCDay() === 0 ? 7 : d.getUTCDay();
  return { date: d.toISOString().slice(0, 10), isoWeekday: weekday };
}

/**
 * The notices of a jobsite that fall in the slot starting at `slot` (UTC), and only those whose
 * working day is one of the jobsite's working days. Local times skipped by a DST change are never due.
 */
export function dueNotices(
  site: { timezone: string; noticeTimes: readonly NoticeTime[]; workingDays: readonly number[] },
  slot: Date,
  slotMinutes = SLOT_MINUTES,
): DueNotice[] {
  const local = localClock(slot, site.timezone);
  const due: DueNotice[] = [];
  for (const notice of site.noticeTimes) {
    const m = minuteOfDay(notice.time);
    if (m < local.minuteOfDay || m >= local.minuteOfDay + slotMinutes) continue;
    const target = addDays(local.date, notice.forDay === 'next' ? 1 : 0);
    if (site.workingDays.includes(target.isoWeekday)) due.push({ notice, workDate: target.date });
  }
  return due;
}
