import type { Verdict } from '../../../shared/weather/engine';
import type {
  AdvancedAnalytics,
  BasicAnalytics,
  ClientFigures,
  DeliveryFigures,
  JobsiteCost,
  JobsiteFigures,
  MonthFigures,
  ObservedMonth,
  NoticeCounts,
} from '../../../shared/analytics';
import { isDelayDay, monthsBetween, workingHoursLength } from '../ledger/ledger';
import { confirmedShare, type ObservationStatus } from '../../../shared/weather/observed';

/** One decided working day of one jobsite, as analytics reads it. */
export interface AnalyticsDay {
  jobsiteId: string;
  date: string;
  verdict: Verdict;
  hoursLost: number;
  worked: boolean | null;
  /** What observation made of the day (issue 25); absent: not observed. */
  observed?: ObservationStatus;
}

/** One message claim about a working day (the dispatch claims each before sending it). */
export interface AnalyticsMessage {
  jobsiteId: string;
  date: string;
  kind: 'notice' | 'update' | 'allClear';
  status: 'PENDING' | 'SENT' | 'FAILED';
}

export interface AnalyticsJobsite {
  id: string;
  name: string;
  clientId: string | null;
  workingHours: { start: string; end: string };
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/** A rate in percent, one decimal; 0 over an empty whole (the convention of docs/metrics.md). */
export const percent = (part: number, whole: number) =>
  whole === 0 ? 0 : Math.round((part / whole) * 1000) / 10;

function delivery(messages: AnalyticsMessage[]): DeliveryFigures {
  const sent: NoticeCounts = { notice: 0, update: 0, allClear: 0 };
  let delivered = 0;
  for (const m of messages)
    if (m.status === 'SENT') {
      sent[m.kind] += 1;
      delivered += 1;
    }
  return { sent, attempted: messages.length, delivered, deliveryRate: percent(delivered, messages.length) };
}

/**
 * Delay days and hours lost per jobsite and month, and the messages sent per month, over the
 * calendar months `fromMonth`..`toMonth` (YYYY-MM). A delay day is the ledger's (docs/metrics.md):
 * full, or partial losing half the working day or more, and not marked worked.
 */
export function computeAnalytics(input: {
  fromMonth: string;
  toMonth: string;
  jobsites: AnalyticsJobsite[];
  days: AnalyticsDay[];
  messages: AnalyticsMessage[];
}): BasicAnalytics {
  const months = monthsBetween(`${input.fromMonth}-01`, `${input.toMonth}-01`);
  const inRange = (date: string) => months.includes(date.slice(0, 7));
  const hoursOf = new Map(input.jobsites.map((j) => [j.id, workingHoursLength(j.workingHours)]));
  const delays = input.days.filter(
    (d) => hoursOf.has(d.jobsiteId) && inRange(d.date) && isDelayDay(d, hoursOf.get(d.jobsiteId) ?? 0),
  );
  const messages = input.messages.filter((m) => hoursOf.has(m.jobsiteId) && inRange(m.date));
  const figures = (days: AnalyticsDay[], month: string): MonthFigures => {
    const of = days.filter((d) => d.date.startsWith(month));
    return { month, delayDays: of.length, hoursLost: round1(of.reduce((s, d) => s + d.hoursLost, 0)) };
  };
  const observedIn = (days: AnalyticsDay[], month: string): ObservedMonth => {
    const share = confirmedShare(
      days.filter((d) => d.date.startsWith(month)).flatMap((d) => (d.observed ? [d.observed] : [])),
    );
    return { month, judged: share.judged, confirmed: share.confirmed, share: share.share };
  };
  const jobsites = input.jobsites
    .map((j): JobsiteFigures => {
      const own = delays.filter((d) => d.jobsiteId === j.id);
      const perMonth = months.map((m) => figures(own, m));
      return {
        id: j.id,
        name: j.name,
        clientId: j.clientId,
        months: perMonth,
        delayDays: own.length,
        hoursLost: round1(perMonth.reduce((s, m) => s + m.hoursLost, 0)),
        observed: months.map((m) => observedIn(own, m)),
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
  const perMonth = months.map((m) => ({
    ...figures(delays, m),
    ...delivery(messages.filter((x) => x.date.startsWith(m))),
  }));
  return {
    months: perMonth,
    jobsites,
    totals: {
      delayDays: delays.length,
      hoursLost: round1(perMonth.reduce((s, m) => s + m.hoursLost, 0)),
      ...delivery(messages),
    },
  };
}

/** A crew on a jobsite: the email addresses of its workers and what one of them costs an hour. */
export interface CrewCost {
  crewId: string;
  people: string[];
  hourlyRateCents: number | null;
}

/**
 * What one hour of a jobsite idle costs: each person once, however many worker records carry their
 * address (lower-cased) and however many of the jobsite's crews they are in; a person in several
 * crews counts at the highest of their crews' rates (a crew without a rate adds nothing).
 */
function jobsiteHourlyCost(crews: CrewCost[]): { people: number; hourlyCostCents: number } {
  const rateOf = new Map<string, number>();
  for (const crew of crews)
    for (const email of crew.people) {
      const person = email.trim().toLowerCase();
      rateOf.set(person, Math.max(rateOf.get(person) ?? 0, crew.hourlyRateCents ?? 0));
    }
  return { people: rateOf.size, hourlyCostCents: [...rateOf.values()].reduce((s, r) => s + r, 0) };
}

/**
 * Cost of delay per jobsite = (Σ over the distinct people of its crews of their hourly rate) × hours
 * lost, rounded to the cent; and the basic figures per client (jobsites without a client under
 * "No client").
 */
export function computeAdvanced(input: {
  basic: BasicAnalytics;
  crewsOf: Record<string, CrewCost[]>;
  clientNames: Record<string, string>;
}): AdvancedAnalytics {
  const jobsites = input.basic.jobsites.map((j): JobsiteCost => {
    const crews = input.crewsOf[j.id] ?? [];
    const { people, hourlyCostCents } = jobsiteHourlyCost(crews);
    return {
      id: j.id,
      name: j.name,
      clientId: j.clientId,
      hoursLost: j.hoursLost,
      hourlyCostCents,
      costCents: Math.round(hourlyCostCents * j.hoursLost),
      crewWorkers: people,
      crewsWithoutRate: crews.filter((c) => c.hourlyRateCents === null).length,
    };
  });
  const byClient = new Map<string | null, ClientFigures>();
  for (const j of input.basic.jobsites) {
    const id = j.clientId && input.clientNames[j.clientId] !== undefined ? j.clientId : null;
    const row = byClient.get(id) ?? {
      clientId: id,
      name: id ? (input.clientNames[id] ?? '') : 'No client',
      jobsites: 0,
      delayDays: 0,
      hoursLost: 0,
      costCents: 0,
    };
    row.jobsites += 1;
    row.delayDays += j.delayDays;
    row.hoursLost = round1(row.hoursLost + j.hoursLost);
    row.costCents += jobsites.find((c) => c.id === j.id)?.costCents ?? 0;
    byClient.set(id, row);
  }
  const clients = [...byClient.values()].sort((a, b) =>
    a.clientId === null ? 1 : b.clientId === null ? -1 : a.name.localeCompare(b.name),
  );
  return { jobsites, clients, totals: { costCents: jobsites.reduce((s, j) => s + j.costCents, 0) } };
}
