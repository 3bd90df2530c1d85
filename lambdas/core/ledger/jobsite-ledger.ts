import type { JobsiteLedger, LedgerDayInput } from '../../../shared/ledger';
import type { Jobsite } from '../../../shared/records';
import type { TenantId } from '../caller';
import type { Decision, DecisionRepo, SentPerDay } from '../dispatch/dispatch.ports';
import { NotFoundError, ValidationError } from '../errors';
import type { RecordsStore } from '../records/records.ports';
import { mustGet } from '../records/record-crud';
import type { Clock } from '../runtime.ports';
import type { AccountRepo } from '../account/account.ports';
import { computeLedger } from './ledger';
import type { HolidayCalendarRepo } from '../holidays/holidays.ports';
import { holidayOf, NonWorkingDayLookup } from '../holidays/non-working-days';

export const LEDGER_MAX_DAYS = 400;
export const LEDGER_DEFAULT_DAYS = 90;
import type { EventPublisher } from '../webhooks/webhook.ports';
import { ledgerDayEvent } from '../webhooks/product-events';
import type { ObservationRepo } from '../observations/observations.ports';
// Today at the jobsite is the date the reports read too.
import { localDate } from '../../../shared/reports';
import { observedForDecision } from '../observations/observed-day';

export interface LedgerDeps {
  records: RecordsStore;
  /** Profiles, for the name of the member who marks a day (issue 22 §4); the email is used without. */
  profiles?: Pick<AccountRepo, 'getProfile'>;
  clock: Clock;
  decisions: DecisionRepo;
  /** Sent notices per day and channel (`notified` emails and `texted` on each day); left out when absent. */
  claims?: SentPerDay;
  /** The account's holiday calendar: its days (and the jobsite's own) are never delay days. */
  holidays: HolidayCalendarRepo;
  /** Webhooks: a mark raises `ledger.day_marked`. */
  events?: EventPublisher;
  /** What was observed on decided days (issue 25); absent, every day reads pending or unavailable. */
  observations?: ObservationRepo;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 24 * 3600 * 1000;

/** True for a real calendar date written YYYY-MM-DD. */
export function isIsoDate(v: string): boolean {
  if (!DATE.test(v)) return false;
  const t = Date.parse(`${v}T00:00:00Z`);
  return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === v;
}

/** No decision predates the product; none lies more than two years ahead (forecasts reach 16 days). */
export const LEDGER_EARLIEST = '2000-01-01';
const LEDGER_YEARS_AHEAD = 2;

/**
 * Refuses (400 naming `field`) a date the ledger cannot hold: outside 2000-01-01 … today + 2 years.
 * (Far-future dates used to reach date arithmetic past year 9999 and answer 500.)
 */
export function assertLedgerDate(field: string, date: string, today: string): void {
  const latest = `${Number(today.slice(0, 4)) + LEDGER_YEARS_AHEAD}${today.slice(4)}`;
  if (date < LEDGER_EARLIEST || date > latest)
    throw new ValidationError(field, `${field} must be a date from ${LEDGER_EARLIEST} to ${latest}`);
}

const shift = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/**
 * The range asked for: `from` and `to` inclusive, at most 400 days; by default the last 90 days
 * up to today at the jobsite. 400 with the field named otherwise.
 */
export function ledgerRange(
  query: { from?: string; to?: string },
  today: string,
): { from: string; to: string } {
  for (const field of ['from', 'to'] as const) {
    const v = query[field];
    if (v !== undefined && !isIsoDate(v))
      throw new ValidationError(field, `${field} must be a date like 2026-03-31`);
    if (v !== undefined) assertLedgerDate(field, v, today);
  }
  const to = query.to ?? (query.from ? shift(query.from, LEDGER_DEFAULT_DAYS - 1) : today);
  const from = query.from ?? shift(to, -(LEDGER_DEFAULT_DAYS - 1));
  // A default end 90 days after a late `from` may pass the latest date: the range stops there.
  assertLedgerDate('to', to, today);
  if (from > to) throw new ValidationError('from', 'from must be on or before to');
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS + 1;
  if (days > LEDGER_MAX_DAYS) throw new ValidationError('to', `The range is at most ${LEDGER_MAX_DAYS} days`);
  return { from, to };
}

/** The weather-day ledger of one of the tenant's jobsites (404 for unknown or foreign ids). */
export async function jobsiteLedger(
  tenant: TenantId,
  jobsiteId: string,
  query: { from?: string; to?: string },
  deps: LedgerDeps,
): Promise<JobsiteLedger> {
  const jobsite = await mustGet(deps.records.jobsites, tenant, jobsiteId, 'Jobsite');
  const { from, to } = ledgerRange(query, localDate(deps.clock.now(), jobsite.timezone));
  const [decisions, sent, nonWorking, observations] = await Promise.all([
    deps.decisions.listRange(tenant, jobsite.id, from, to),
    deps.claims?.sentPerDay(tenant, jobsite.id, from, to),
    new NonWorkingDayLookup(deps.holidays).of(tenant, jobsite),
    deps.observations?.listRange(tenant, jobsite.id, from, to) ?? Promise.resolve([]),
  ]);
  const observedOn = new Map(observations.map((o) => [o.workDate, o]));
  const now = deps.clock.now();
  const ledger = ledgerOfDecisions(jobsite, { from, to }, decisions, nonWorking, (d) => ({
    reasons: (d.judgement?.rules ?? []).map((r) => r.reason),
    note: d.workedNote ?? null,
    observed: observedForDecision(jobsite, d, observedOn.get(d.workDate) ?? null, now).status,
    ...(sent ? { notified: sent[d.workDate]?.email ?? 0, texted: sent[d.workDate]?.sms ?? 0 } : {}),
  }));
  return { jobsite: { id: jobsite.id, name: jobsite.name, timezone: jobsite.timezone }, from, to, ...ledger };
}

/**
 * The ledger of a jobsite's decided days within `range`; `details` adds what the view shows beyond
 * the verdict (the reasons, the note, the messages sent, what was observed).
 */
export function ledgerOfDecisions(
  jobsite: Pick<Jobsite, 'anticipatedWeatherDays' | 'workingHours'>,
  range: { from: string; to: string },
  decisions: readonly Decision[],
  nonWorking: Map<string, string>,
  details: (d: Decision) => Pick<LedgerDayInput, 'reasons' | 'note' | 'notified' | 'texted' | 'observed'>,
) {
  return computeLedger({
    ...range,
    anticipated: jobsite.anticipatedWeatherDays ?? null,
    workingHours: jobsite.workingHours,
    days: decisions.map((d) => ({
      date: d.workDate,
      verdict: d.verdict,
      hoursLost: d.hoursLost,
      worked: d.worked ?? null,
      decidedAt: d.decidedAt,
      ...holidayOf(nonWorking, d.workDate),
      ...details(d),
    })),
  });
}

/** Marks a decided day of the tenant's jobsite as worked (or not); 404 when the day has no decision. */
export async function markLedgerDay(
  tenant: TenantId,
  jobsiteId: string,
  workDate: string,
  input: { worked: boolean; note?: string | null; by: string; byId?: string },
  deps: LedgerDeps,
): Promise<{ date: string; worked: boolean; note: string | null; markedAt: string; markedBy: string }> {
  const jobsite = await mustGet(deps.records.jobsites, tenant, jobsiteId, 'Jobsite');
  if (!isIsoDate(workDate)) throw new NotFoundError('Ledger day not found');
  assertLedgerDate('date', workDate, deps.clock.now().toISOString().slice(0, 10));
  const markedAt = deps.clock.now().toISOString();
  const note = input.note?.trim() || null;
  const found = await deps.decisions.mark(tenant, jobsite.id, workDate, {
    worked: input.worked,
    note,
    markedAt,
    markedBy: input.by,
    ...(input.byId ? { markedById: input.byId } : {}),
  });
  if (!found) throw new NotFoundError('Ledger day not found');
  const mark = { date: workDate, worked: input.worked, note, markedAt, markedBy: input.by };
  await deps.events?.publish(ledgerDayEvent(tenant, jobsite.id, mark));
  return mark;
}
