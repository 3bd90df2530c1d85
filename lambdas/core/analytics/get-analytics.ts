import type { AdvancedAnalyticsAnswer, AnalyticsAnswer } from '../../../shared/analytics';
import { PLANS, type PlanId } from '../../../shared/plans';
import { ANALYTICS_MESSAGES } from '../../../shared/messages';
import { effectivePlan } from '../../../shared/subscription';
import type { AccountRepo } from '../account/account.ports';
import { EntitlementError } from '../billing/billing.errors';
import { tenantOf, type TenantId } from '../caller';
import { isNoticeClaim, type DecisionRepo } from '../dispatch/dispatch.ports';
import { ValidationError } from '../errors';
import type { DayMessages } from '../ledger/ledger.ports';
import type { HolidayCalendarRepo } from '../holidays/holidays.ports';
import { NonWorkingDayLookup } from '../holidays/non-working-days';
import type { Caller } from '../caller';
import type { RecordsStore } from '../records/records.ports';
import { workersOfCrews } from '../records/jobsite-workers';
import type { Clock } from '../runtime.ports';
import type { ObservationRepo } from '../observations/observations.ports';
import { observedForDecision } from '../observations/observed-day';
import { computeAdvanced, computeAnalytics, type CrewCost } from './analytics';

export const ANALYTICS_MAX_MONTHS = 24;
export const ANALYTICS_DEFAULT_MONTHS = 6;

export interface AnalyticsDeps {
  records: RecordsStore;
  decisions: Pick<DecisionRepo, 'listRange'>;
  messages: DayMessages;
  accounts: Pick<AccountRepo, 'getSubscription'>;
  /** The holiday calendars: a day that is (or became) a holiday is not a delay day, as in the ledger. */
  holidays: HolidayCalendarRepo;
  clock: Clock;
  /** Observed weather: the share of called-off days observation confirmed (issue 25). */
  observations?: Pick<ObservationRepo, 'listRange'>;
}

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

const addMonths = (month: string, n: number) => {
  const total = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 + n;
  return `${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, '0')}`;
};

const monthCount = (from: string, to: string) =>
  (Number(to.slice(0, 4)) - Number(from.slice(0, 4))) * 12 +
  Number(to.slice(5, 7)) -
  Number(from.slice(5, 7)) +
  1;

/** Last calendar day of a month "YYYY-MM", as YYYY-MM-DD. */
export const lastDayOf = (month: string) =>
  new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).toISOString().slice(0, 10);

/**
 * The months asked for, inclusive, at most 24; by default the 6 months ending with the current
 * (UTC) month. 400 naming the field otherwise.
 */
export function analyticsRange(query: { from?: string; to?: string }, now: Date) {
  for (const field of ['from', 'to'] as const) {
    const v = query[field];
    if (v !== undefined && !MONTH.test(v))
      throw new ValidationError(field, `${field} must be a month like 2026-03`);
  }
  const to =
    query.to ??
    (query.from ? addMonths(query.from, ANALYTICS_DEFAULT_MONTHS - 1) : now.toISOString().slice(0, 7));
  const from = query.from ?? addMonths(to, -(ANALYTICS_DEFAULT_MONTHS - 1));
  if (from > to) throw new ValidationError('from', 'from must be on or before to');
  if (monthCount(from, to) > ANALYTICS_MAX_MONTHS)
    throw new ValidationError('to', `The range is at most ${ANALYTICS_MAX_MONTHS} months`);
  return { from, to };
}

async function planOf(caller: Caller, deps: AnalyticsDeps): Promise<PlanId> {
  const subscription = await deps.accounts.getSubscription(tenantOf(caller));
  return subscription ? effectivePlan(subscription) : 'none';
}

/** Every jobsite's decisions and messages over the range: two key queries per jobsite, no scan. */
async function basicFor(tenant: TenantId, range: { from: string; to: string }, deps: AnalyticsDeps) {
  const jobsites = await deps.records.jobsites.list(tenant);
  const fromDate = `${range.from}-01`;
  const toDate = lastDayOf(range.to);
  const nonWorking = new NonWorkingDayLookup(deps.holidays);
  const perJobsite = await Promise.all(
    jobsites.map(async (j) => {
      const [decisions, messages, offDays, observations] = await Promise.all([
        deps.decisions.listRange(tenant, j.id, fromDate, toDate),
        deps.messages.listRange(tenant, j.id, fromDate, toDate),
        nonWorking.of(tenant, j),
        deps.observations?.listRange(tenant, j.id, fromDate, toDate) ?? Promise.resolve([]),
      ]);
      const observedOn = new Map(observations.map((o) => [o.workDate, o]));
      const now = deps.clock.now();
      const observed = new Map(
        decisions.map((d) => [
          d.workDate,
          observedForDecision(j, d, observedOn.get(d.workDate) ?? null, now).status,
        ]),
      );
      // A decision taken before its date became a holiday stays stored (the evidence keeps it),
      // but nobody was due on site that day: it is no delay day and no hours were lost.
      return { decisions: decisions.filter((d) => !offDays.has(d.workDate)), messages, observed };
    }),
  );
  const basic = computeAnalytics({
    fromMonth: range.from,
    toMonth: range.to,
    jobsites: jobsites.map((j) => ({
      id: j.id,
      name: j.name,
      clientId: j.clientId ?? null,
      workingHours: j.workingHours,
    })),
    days: perJobsite.flatMap((p) =>
      p.decisions.map((d) => ({
        jobsiteId: d.jobsiteId,
        date: d.workDate,
        verdict: d.verdict,
        hoursLost: d.hoursLost,
        worked: d.worked ?? null,
        observed: p.observed.get(d.workDate),
      })),
    ),
    messages: perJobsite.flatMap((p) =>
      p.messages
        .filter(isNoticeClaim)
        .map((m) => ({ jobsiteId: m.jobsiteId, date: m.workDate, kind: m.kind, status: m.status })),
    ),
  });
  return { basic, jobsites };
}

/** Delay days, hours lost and messages per jobsite and month, for every plan. */
export async function getAnalytics(
  caller: Caller,
  query: { from?: string; to?: string },
  deps: AnalyticsDeps,
): Promise<AnalyticsAnswer> {
  const range = analyticsRange(query, deps.clock.now());
  const [{ basic }, plan] = await Promise.all([
    basicFor(tenantOf(caller), range, deps),
    planOf(caller, deps),
  ]);
  return { ...range, ...basic, plan, advancedAnalytics: PLANS[plan].features.advancedAnalytics };
}

/**
 * Per-client figures and the cost of delay: only with a plan whose `advancedAnalytics` is on
 * (403 naming the caller's plan otherwise). Crew sizes and rates are today's.
 */
export async function getAdvancedAnalytics(
  caller: Caller,
  query: { from?: string; to?: string },
  deps: AnalyticsDeps,
): Promise<AdvancedAnalyticsAnswer> {
  const range = analyticsRange(query, deps.clock.now());
  const plan = await planOf(caller, deps);
  if (!PLANS[plan].features.advancedAnalytics)
    throw new EntitlementError(
      ANALYTICS_MESSAGES.advancedNotInPlan(plan === 'none' ? null : PLANS[plan].name),
    );
  const tenant = tenantOf(caller);
  const [{ basic, jobsites }, crews, clients] = await Promise.all([
    basicFor(tenant, range, deps),
    deps.records.crews.list(tenant),
    deps.records.clients.list(tenant),
  ]);
  // Only the crews the jobsites name cost anything: their members by key, not the account's workers.
  const named = new Set(jobsites.flatMap((j) => j.recipients.crewIds));
  const members = await workersOfCrews(
    tenant,
    crews.filter((c) => named.has(c.id)).map((c) => c.id),
    deps.records.workers,
  );
  const crewCost = new Map(
    crews.map((c): [string, CrewCost] => [
      c.id,
      {
        crewId: c.id,
        people: (members.get(c.id) ?? []).map((w) => w.email),
        hourlyRateCents: c.hourlyRateCents ?? null,
      },
    ]),
  );
  const crewsOf = Object.fromEntries(
    jobsites.map((j) => [
      j.id,
      j.recipients.crewIds.flatMap((id) => {
        const c = crewCost.get(id);
        return c ? [c] : [];
      }),
    ]),
  );
  return {
    ...range,
    ...computeAdvanced({
      basic,
      crewsOf,
      clientNames: Object.fromEntries(clients.map((c) => [c.id, c.name])),
    }),
  };
}
