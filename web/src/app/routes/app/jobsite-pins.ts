import type { Jobsite } from '../../../../../shared/records/jobsite';
import type { OutlookResponse } from '../../../../../shared/weather/outlook';
import type { MapPin, PinStatus } from '../../../components/map/map-pins';
import { VERDICT_LOOK } from '../../../features/weather/components/verdict-badge';
import { todayAndTomorrow } from '../../../features/weather/today-and-tomorrow';

export interface TodayAtJobsite {
  status: PinStatus;
  /** "Today: Partial delay · 3 h", the same words on the pin's popup and in the list. */
  label: string;
}

/**
 * Today's verdict at each jobsite, on its own calendar (a Seattle site seen from Chicago at 11 PM is
 * still on "today"), from the weather outlook the dashboard reads. A paused site, a day off and a
 * missing forecast each say so rather than looking workable.
 */
export function todayAtJobsites(
  jobsites: readonly Jobsite[],
  outlook: OutlookResponse | undefined,
  now: number = Date.now(),
): Map<string, TodayAtJobsite> {
  const result = new Map<string, TodayAtJobsite>();
  for (const site of jobsites) {
    const item = outlook?.items.find((i) => i.jobsite.id === site.id);
    if (!site.active) {
      result.set(site.id, { status: 'off', label: 'Paused: not checked' });
    } else if (!item || item.error) {
      result.set(site.id, { status: 'unknown', label: 'Today: no forecast available' });
    } else {
      const today = todayAndTomorrow(item, now)[0]!;
      if (!today.working) result.set(site.id, { status: 'off', label: 'Today: not a working day' });
      else if (!today.judgement)
        result.set(site.id, { status: 'unknown', label: 'Today: no forecast available' });
      else {
        const { verdict, hoursLost } = today.judgement;
        const hours = verdict === 'partial' && hoursLost ? ` · ${hoursLost} h` : '';
        result.set(site.id, { status: verdict, label: `Today: ${VERDICT_LOOK[verdict].label}${hours}` });
      }
    }
  }
  return result;
}

export function jobsitePins(jobsites: readonly Jobsite[], today: Map<string, TodayAtJobsite>): MapPin[] {
  return jobsites.map((site) => {
    const t = today.get(site.id) ?? { status: 'unknown' as const, label: 'Today: no forecast available' };
    return {
      id: site.id,
      name: site.name,
      latitude: site.latitude,
      longitude: site.longitude,
      status: t.status,
      statusLabel: t.label,
      href: `/jobsites/${encodeURIComponent(site.id)}`,
    };
  });
}
