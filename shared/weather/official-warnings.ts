import { OFFICIAL_WARNING_RULE_PREFIX } from '../quiet-hours';
import { DEFAULT_MIN_WORKABLE_HOURS, type DayJudgement, type JobsiteSchedule, type Verdict } from './engine';
import { workingWindow } from './compile-site';
import { MS_PER_HOUR, hhmm, utcOffsetMinutes } from './local-time';

/** The fields of an official alert (NWS CAP) the trigger reads. */
export interface OfficialWarningInput {
  id: string;
  event: string;
  severity: 'Extreme' | 'Severe' | 'Moderate' | 'Minor' | 'Unknown';
  /** UTC ISO; null = already in force / no announced end. */
  onset: string | null;
  ends: string | null;
}

/**
 * The rule: an alert is a trigger when its severity is Severe or Extreme AND its event is a
 * Warning (the event name ends with "Warning"). Watches ("conditions are favourable"), advisories and
 * statements never are, whatever their severity: NWS tags some watches Severe (a Flood Watch), and a
 * crew should not lose a day to a possibility the forecast rules already weigh.
 */
export function isTriggeringWarning(alert: Pick<OfficialWarningInput, 'event' | 'severity'>): boolean {
  return (
    (alert.severity === 'Severe' || alert.severity === 'Extreme') && /\bwarning$/i.test(alert.event.trim())
  );
}

/**
 * The UTC instant `minutes` after local midnight of `date` in `timeZone` (past 1440: the next day's
 * wall clock, for night shifts); two passes settle the offset across DST.
 */
function localInstant(date: string, minutes: number, timeZone: string): number {
  const wall = Date.parse(`${date}T00:00:00Z`) + minutes * 60_000;
  const first = wall - utcOffsetMinutes(wall, timeZone) * 60_000;
  return wall - utcOffsetMinutes(first, timeZone) * 60_000;
}

const RANK: Record<Verdict, number> = { none: 0, partial: 1, full: 2 };

/**
 * The day's judgement with the triggering warnings that overlap its working hours: each adds a delay
 * reason "Official warning: <event> (NWS)" and its working hours count as lost. The day becomes at
 * least a partial delay, and a full one when what is left is shorter than a workable stretch (the
 * engine's rule: 4 hours, or half the day when that is less).
 */
export function withOfficialWarnings(
  day: DayJudgement,
  alerts: readonly OfficialWarningInput[],
  site: JobsiteSchedule,
): DayJudgement {
  if (day.workingHours <= 0 || alerts.length === 0) return day;
  const window = workingWindow(site.workingHours);
  const start = localInstant(day.date, window.start, site.timezone);
  const end = localInstant(day.date, window.end, site.timezone);
  const startMinute = window.start;
  const added: DayJudgement['rules'] = [];
  const lost = new Set<number>();
  const seen = new Set<string>();
  for (const alert of alerts) {
    if (!isTriggeringWarning(alert) || seen.has(alert.event)) continue;
    const onset = alert.onset ? Date.parse(alert.onset) : -Infinity;
    const ends = alert.ends ? Date.parse(alert.ends) : Infinity;
    const hours: string[] = [];
    for (let t = start, i = 0; t < end; t += MS_PER_HOUR, i++) {
      if (onset < t + MS_PER_HOUR && ends > t) {
        hours.push(hhmm((startMinute + i * 60) % 1440));
        lost.add(i);
      }
    }
    if (hours.length === 0) continue;
    seen.add(alert.event);
    added.push({
      id: `${OFFICIAL_WARNING_RULE_PREFIX}-${added.length + 1}`,
      kind: 'delay',
      hours,
      peak: 0,
      reason: `Official warning: ${alert.event} (NWS)`,
    });
  }
  if (added.length === 0) return day;
  const hoursLost = Math.max(day.hoursLost, lost.size);
  const workable = day.workingHours - hoursLost;
  const needed = Math.min(DEFAULT_MIN_WORKABLE_HOURS, day.workingHours / 2);
  const warned: Verdict = workable < needed ? 'full' : 'partial';
  return {
    ...day,
    verdict: RANK[warned] > RANK[day.verdict] ? warned : day.verdict,
    hoursLost,
    // The warning leads: it is the reason a crew hears first.
    rules: [...added, ...day.rules],
  };
}
