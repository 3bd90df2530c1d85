/**
 * The local wall clock of each hour of a forecast, in a jobsite's IANA timezone, DST-correct.
 *
 * Asking Intl for every hour is slow (microseconds per call), so the zone's UTC offset is sampled
 * once a day across the series and, where two samples differ, the transition hour is found by
 * binary search: about n/24 + 5 Intl calls per series. This assumes no zone changes its offset
 * twice within 24 hours and back again, which holds for every zone in the tz database. Timelines
 * are cached per (zone, time axis): jobsites in one zone share the forecast's axis, so a dispatch
 * run builds a handful of them.
 */
import { formatterPerZone } from '../zone-formatters';

export const MS_PER_HOUR = 3_600_000;
export const MS_PER_DAY = 86_400_000;
export const MINUTES_PER_DAY = 1440;

export interface LocalTimeline {
  timeZone: string;
  /** Number of hours. */
  n: number;
  /** Local calendar day of each hour's start, in days since 1970-01-01. */
  day: Int32Array;
  /** Local minute of the day (0..1439) of each hour's start. */
  minute: Int16Array;
  /** UTC offset of each hour's start, minutes. */
  offset: Int16Array;
  /** Local minutes since 1970-01-01 at the first hour's start. */
  startLocalMinute: number;
  /** Local minutes since 1970-01-01 at the last hour's end. */
  endLocalMinute: number;
}

const formatter = formatterPerZone({
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
  hourCycle: 'h23',
});

/** Where each wall-clock part the formatter gives goes in [year, month, day, hour, minute, second]. */
const WALL_PART_INDEX: Readonly<Partial<Record<Intl.DateTimeFormatPartTypes, number>>> = {
  year: 0,
  month: 1,
  day: 2,
  hour: 3,
  minute: 4,
  second: 5,
};

/** The zone's UTC offset at the instant `at` (epoch ms), in minutes. Throws RangeError on an unknown zone. */
export function utcOffsetMinutes(at: number, timeZone: string): number {
  const wallParts = [0, 0, 0, 0, 0, 0];
  for (const p of formatter(timeZone).formatToParts(at)) {
    const index = WALL_PART_INDEX[p.type];
    if (index !== undefined) wallParts[index] = Number(p.value);
  }
  const [y, mo, d, h, mi, s] = wallParts as [number, number, number, number, number, number];
  const wall = Date.UTC(y, mo - 1, d, h % 24, mi, s);
  return Math.round((wall - Math.floor(at / 1000) * 1000) / 60_000);
}

/** Build the timeline without the cache (the cache calls this). */
export function buildLocalTimeline(time: Float64Array, timeZone: string): LocalTimeline {
  const n = time.length;
  const offset = new Int16Array(n);
  const day = new Int32Array(n);
  const minute = new Int16Array(n);
  if (n === 0) {
    utcOffsetMinutes(0, timeZone); // still reject an unknown zone
    return { timeZone, n, day, minute, offset, startLocalMinute: 0, endLocalMinute: 0 };
  }
  const at = (i: number) => utcOffsetMinutes(time[i]!, timeZone);
  let a = 0;
  let offA = at(0);
  while (a < n - 1) {
    const b = Math.min(a + 24, n - 1);
    const offB = at(b);
    if (offB === offA) {
      offset.fill(offA, a, b + 1);
    } else {
      // The first hour with the new offset lies in (a, b].
      let lo = a;
      let hi = b;
      while (hi - lo > 1) {
        const mid = (lo + hi) >> 1;
        if (at(mid) === offA) lo = mid;
        else hi = mid;
      }
      offset.fill(offA, a, hi);
      offset.fill(offB, hi, b + 1);
    }
    a = b;
    offA = offB;
  }
  if (n === 1) offset[0] = offA;
  for (let i = 0; i < n; i++) {
    const localMin = Math.floor(time[i]! / 60_000) + offset[i]!;
    const d = Math.floor(localMin / MINUTES_PER_DAY);
    day[i] = d;
    minute[i] = localMin - d * MINUTES_PER_DAY;
  }
  return {
    timeZone,
    n,
    day,
    minute,
    offset,
    startLocalMinute: Math.floor(time[0]! / 60_000) + offset[0]!,
    endLocalMinute: Math.floor((time[n - 1]! + MS_PER_HOUR) / 60_000) + offset[n - 1]!,
  };
}

const CACHE_LIMIT = 1024;
// zone → first hour (epoch ms) → timelines starting then (usually one). Numeric keys: no string
// building on the hot path.
const cache = new Map<string, Map<number, { last: number; timeline: LocalTimeline }[]>>();
let cached = 0;

/** The cached timeline of a forecast's time axis in `timeZone`. */
export function localTimeline(time: Float64Array, timeZone: string): LocalTimeline {
  const n = time.length;
  const first = n ? time[0]! : 0;
  const last = n ? time[n - 1]! : 0;
  let byStart = cache.get(timeZone);
  const entries = byStart?.get(first);
  if (entries) {
    for (const e of entries) if (e.last === last && e.timeline.n === n) return e.timeline;
  }
  const timeline = buildLocalTimeline(time, timeZone);
  if (cached >= CACHE_LIMIT) {
    cache.clear();
    cached = 0;
    byStart = undefined;
  }
  if (!byStart) {
    byStart = new Map();
    cache.set(timeZone, byStart);
  }
  const list = byStart.get(first) ?? [];
  list.push({ last, timeline });
  byStart.set(first, list);
  cached++;
  return timeline;
}

export function clearLocalTimelineCache(): void {
  cache.clear();
  cached = 0;
}

/** ISO weekday (1 = Monday) of a day number (days since 1970-01-01, a Thursday). */
export function isoWeekdayOfDay(dayNumber: number): number {
  return ((((dayNumber + 3) % 7) + 7) % 7) + 1;
}

/** "YYYY-MM-DD" of a day number. */
export function dateOfDay(dayNumber: number): string {
  return new Date(dayNumber * MS_PER_DAY).toISOString().slice(0, 10);
}

/** Day number of "YYYY-MM-DD". Throws RangeError when malformed. */
export function dayOfDate(date: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) throw new RangeError(`Not a YYYY-MM-DD date: ${date}`);
  return Math.floor(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) / MS_PER_DAY);
}

/** "HH:MM" of a minute of the day. */
export function hhmm(minuteOfDay: number): string {
  const m = ((minuteOfDay % MINUTES_PER_DAY) + MINUTES_PER_DAY) % MINUTES_PER_DAY;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}

/** "7 AM", "12:30 PM": a minute of the day on a 12-hour clock. */
export function clock12(minuteOfDay: number): string {
  const m = ((minuteOfDay % MINUTES_PER_DAY) + MINUTES_PER_DAY) % MINUTES_PER_DAY;
  const h = Math.floor(m / 60);
  const mm = m % 60;
  const h12 = h % 12 === 0 ? 12 : h % 12;
  return `${h12}${mm ? `:${String(mm).padStart(2, '0')}` : ''} ${h < 12 ? 'AM' : 'PM'}`;
}
