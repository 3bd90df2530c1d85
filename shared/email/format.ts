/** Pure formatting for notices: dates, hour ranges and verdict words, in the jobsite's local terms. */

export const NOTICE_VERDICTS = ['full', 'partial', 'none'] as const;
/** The day's verdict: work stops all day, for some hours, or not at all. */
export type NoticeVerdict = (typeof NOTICE_VERDICTS)[number];

export const VERDICT_LABEL: Record<NoticeVerdict, string> = {
  full: 'Full-day delay',
  partial: 'Partial delay',
  none: 'No delay',
};

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "Tue, Mar 10" from the jobsite's local date `2026-03-10` (the input as given when not a date). */
export function formatNoticeDate(date: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(date);
  if (!m) return date;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const day = new Date(Date.UTC(y, mo - 1, d));
  if (day.getUTCMonth() !== mo - 1) return date;
  return `${WEEKDAYS[day.getUTCDay()]}, ${MONTHS[mo - 1]} ${d}`;
}

/** Minutes after local midnight from "07:00", "7:30" or an ISO local time "2026-03-10T07:00". */
export function minutesOf(hour: string): number | null {
  const m = /(?:^|T)(\d{1,2}):(\d{2})/.exec(hour);
  if (!m) return null;
  const h = Number(m[1]);
  const min = Number(m[2]);
  if (h > 24 || min > 59) return null;
  return h * 60 + min;
}

/** "7 AM", "11:30 AM", "12 PM", "12 AM" (midnight). */
export function formatClock(minutes: number): string {
  const total = ((minutes % 1440) + 1440) % 1440;
  const h = Math.floor(total / 60);
  const m = total % 60;
  const suffix = h < 12 ? 'AM' : 'PM';
  const h12 = h % 12 === 0 ? 12 : h % 12;
  return m === 0 ? `${h12} ${suffix}` : `${h12}:${String(m).padStart(2, '0')} ${suffix}`;
}

/**
 * Hour starts ("07:00", "08:00", …, each standing for the hour it begins) merged into ranges:
 * `[{ start: 420, end: 660 }]` for 7 AM – 11 AM. Duplicates and order do not matter.
 */
export function hourRanges(hours: readonly string[]): { start: number; end: number }[] {
  const starts = [...new Set(hours.map(minutesOf).filter((v): v is number => v !== null))].sort(
    (a, b) => a - b,
  );
  const ranges: { start: number; end: number }[] = [];
  for (const start of starts) {
    const last = ranges.at(-1);
    if (last && start <= last.end) last.end = Math.max(last.end, start + 60);
    else ranges.push({ start, end: start + 60 });
  }
  return ranges;
}

/** "7 AM – 11 AM", or "7 AM – 9 AM, 2 PM – 4 PM"; empty when no hours. */
export function formatHours(hours: readonly string[]): string {
  return hourRanges(hours)
    .map((r) => `${formatClock(r.start)} – ${formatClock(r.end)}`)
    .join(', ');
}

/** "4", "1.5": hours lost, at most one decimal. */
export function formatHoursLost(hours: number): string {
  if (!Number.isFinite(hours) || hours <= 0) return '0';
  return String(Math.round(hours * 10) / 10);
}
