import type { Jobsite } from '../../../shared/records';
import { pastDaysFor } from '../weather/forecast-input';
import { judgeForecast, type DayJudgement } from '../../../shared/weather/engine';
import { gridCell } from '../../../shared/weather/grid-cell';
import { withOfficialWarnings } from '../../../shared/weather/official-warnings';
import type { AccountRepo } from '../account/account.ports';
import type { RecordsStore } from '../records/records.ports';
import type { SuppressionList, WorkerStatusRepo } from '../email/email.ports';
import { recipientsOf } from './notice-recipients';
import type { Clock } from '../runtime.ports';
import type { CellZonesCache, OfficialAlertsProvider, WeatherProvider } from '../weather/weather.ports';
import {
  type Announcement,
  type ClaimRepo,
  type Decision,
  type DecisionRepo,
  type DueJobsite,
  type NoticeSender,
  type SentCounts,
} from './dispatch.ports';
import type { HeldMessageRepo } from './held-messages';
import type { HolidayCalendarRepo } from '../holidays/holidays.ports';
import { heldClaimsOf, loadBatch } from './load-batch';
import type { DispatchRosters } from './account-rosters';
import { clearingRule } from './hysteresis';
import { sameDecision } from './same-decision';
import { decideChange, messageKeyOf, ruleChangeBy } from './decide-change';

export { decideChange };
import { snapshotOf } from './forecast-snapshot';
import { holdIfQuiet } from './quiet-hold';
import { officialWarningsFor } from './run-warnings';
import { mapWithConcurrency } from '../../../shared/concurrency';
import { noticeContractor } from '../notices/notice-contractor';
import type { BrandLookup } from '../brand/brand';
import type { TextDeps } from '../sms/send-texts';
import type { DispatchConfirmations } from '../confirmations/dispatch-confirmations';
import { batchTextsOf, textHook, type AnnouncedDay } from './notice-channel-hooks';
import { batchWritesOf } from './batch-writes';
import { batchClaimsOf } from './claim-coalescer';
import { emailAnnouncement } from './send-announcement';
import type { DeliveryStats } from '../admin/metrics.ports';

export interface NotifyDeps {
  records: RecordsStore;
  accounts: Pick<AccountRepo, 'getSubscription' | 'getProfile' | 'getSubscriptions' | 'getProfiles'>;
  weather: WeatherProvider;
  decisions: DecisionRepo;
  claims: ClaimRepo;
  sender: NoticeSender;
  clock: Clock;
  /** Where quiet hours hold non-urgent messages until their release slot; absent, nothing is held. */
  held?: HeldMessageRepo;
  /** Official warnings (NWS): a Severe/Extreme warning over the working hours makes the day a delay. */
  alerts?: OfficialAlertsProvider;
  /** The NWS zones of each grid cell, kept across runs (asked once per cell, ever). */
  zonesCache?: CellZonesCache;
  /** Each account's suppressed addresses: checked before every send, whatever record holds the address. */
  suppressions: Pick<SuppressionList, 'reasonsOf'>;
  /**
   * Each account's roster state (one batched read per batch) and the workers this process keeps by
   * it: absent, every batch reads each of its accounts' workers and suppressions.
   */
  rosters?: DispatchRosters;
  /** Marks a worker record whose address is suppressed but still shows active (added after the unsubscribe). */
  workerStatus?: Pick<WorkerStatusRepo, 'markIfActive'>;
  /** The accounts' holiday calendars: nothing is judged or sent for a day nobody works. */
  holidays: HolidayCalendarRepo;
  /** The SMS channel (core/sms): each announcement also goes by text to opted-in workers; absent, email only. */
  texts?: TextDeps;
  /** Crew confirmation: a delay notice to the jobsite's foreman carries two signed answer links. */
  confirmations?: DispatchConfirmations;
  /** How much of a batch is in flight at once (defaults below); 1 and 1 is the serial order of old. */
  inFlight?: { jobsites: number; recipients: number };
  /** Each account's brand while it has white-labelling (issue 24); absent, Raincheck's own look. */
  brands?: BrandLookup;
  /**
   * The daily delivery counters, added to once per batch with the emails SES accepted (the dispatch's
   * mailer then does not count each send). Absent: the mailer counts, or nothing does.
   */
  delivery?: Pick<DeliveryStats, 'add'>;
}

/**
 * A batch's jobsites and each one's recipients are worked on a few at a time: the time of a batch
 * is round trips (DynamoDB, SES), not CPU, so overlapping them is what makes a storm morning fast.
 * Exactly-once does not depend on order: every message is claimed by a conditional write first.
 */
export const JOBSITES_IN_FLIGHT = 8;
export const RECIPIENTS_IN_FLIGHT = 4;

export interface BatchOutcome {
  judged: number;
  sent: SentCounts;
  failed: number;
  errors: string[];
  /** Jobsites that could not be judged (no forecast): the run reports them and the next due slot retries. */
  unjudged: DueJobsite[];
}

/** Forecast days to ask for: today and tomorrow are what notices are about, plus a margin for zones. */
const FORECAST_DAYS = 3;
function emptyDay(date: string): DayJudgement {
  return { date, verdict: 'none', hoursLost: 0, workingHours: 0, rules: [] };
}

/**
 * Judges a batch of due jobsites and sends what changed. Jobsites in one forecast grid cell (and
 * simulated scenario) share one upstream location; each message is claimed before it is sent, so
 * running the same batch again (a retry, a re-run planner, a redriven queue message) sends nothing twice.
 */
export async function notifyJobsites(
  batch: readonly DueJobsite[],
  deps: NotifyDeps,
  runId: string,
  /** The instant the run behaves as if it were (the forecast is asked for then); default now. */
  asOf?: Date,
): Promise<BatchOutcome> {
  const outcome: BatchOutcome = {
    judged: 0,
    sent: { notice: 0, update: 0, allClear: 0 },
    failed: 0,
    errors: [],
    unjudged: [],
  };
  const now = deps.clock.now();
  const inFlight = deps.inFlight?.jobsites ?? JOBSITES_IN_FLIGHT;
  const work = await loadBatch(batch, deps, now, inFlight);

  // One upstream location per grid cell (and pinned scenario).
  const locations = new Map<
    string,
    { key: string; latitude: number; longitude: number; scenario: string | null }
  >();
  const keyOf = (j: Jobsite) => {
    const cell = gridCell(j.latitude, j.longitude);
    const key = `${cell.key}|${j.scenario ?? ''}`;
    if (!locations.has(key))
      locations.set(key, { key, latitude: cell.latitude, longitude: cell.longitude, scenario: j.scenario });
    return key;
  };
  const keys = work.map((w) => keyOf(w.jobsite));
  // A day west of UTC still running at this slot (a late same-day notice) needs yesterday's hours.
  const pastDays = pastDaysFor(
    work.map((w) => w.due.workDate),
    asOf ?? now,
  );
  const results = await deps.weather.forecast([...locations.values()], {
    days: FORECAST_DAYS,
    now: asOf ?? now,
    ...(pastDays ? { pastDays } : {}),
  });
  const forecasts = new Map(results.map((r) => [r.key, r]));
  const warningsByCell = await officialWarningsFor(
    work.map((w) => gridCell(w.jobsite.latitude, w.jobsite.longitude)),
    { alerts: deps.alerts, zonesCache: deps.zonesCache, now: asOf ?? now },
  );

  // The batch's earlier decisions in one batched read where the store has one.
  const priors = await deps.decisions.getMany?.(
    work.map((w) => ({ tenantId: w.due.tenantId, jobsiteId: w.jobsite.id, workDate: w.due.workDate })),
  );
  // The standing announcements' claims already held, in one read: a quiet re-run claims none of them.
  const held = await heldClaimsOf(work, priors, deps);
  // Decisions, marks and the delivery count are written together, 25 a call, after the sends.
  const writes = batchWritesOf(deps, outcome);
  const recipientsInFlight = deps.inFlight?.recipients ?? RECIPIENTS_IN_FLIGHT;
  const sending = {
    held,
    // The jobsites in flight claim their messages together: a write per few jobsites, not per message.
    claim: batchClaimsOf(deps.claims, now, recipientsInFlight),
    // What `claim` writes as each claim's time: a sent text's mark puts the whole claim again.
    claimedAt: now,
    writes,
    now,
    asOf: asOf ?? now,
    inFlight: recipientsInFlight,
  };

  // The batch's texts take the allowance in blocks per account and are marked 50 a transaction.
  const texts = batchTextsOf(deps.texts);

  try {
    await mapWithConcurrency(work, inFlight, (item, i) => notifyOne(item, i));
  } finally {
    await writes.flush();
    await texts?.settle();
  }
  return outcome;

  async function notifyOne(item: (typeof work)[number], i: number) {
    const result = forecasts.get(keys[i]!);
    if (!result || !result.ok) {
      outcome.unjudged.push(item.due);
      outcome.errors.push(
        `${item.jobsite.name}: no forecast (${result && !result.ok ? result.error : 'missing'})`,
      );
      return;
    }
    const { jobsite, due } = item;
    const site = {
      timezone: jobsite.timezone,
      workingDays: jobsite.workingDays,
      workingHours: jobsite.workingHours,
    };
    const options = { units: item.units, from: due.workDate, days: 1 };
    const warnings = warningsByCell.get(gridCell(jobsite.latitude, jobsite.longitude).key) ?? [];
    const judged = withOfficialWarnings(
      judgeForecast(result.forecast, { ...site, rules: jobsite.rules }, options)[0] ?? emptyDay(due.workDate),
      warnings,
      site,
    );
    const judgedClearing = withOfficialWarnings(
      judgeForecast(result.forecast, { ...site, rules: jobsite.rules.map(clearingRule) }, options)[0] ??
        emptyDay(due.workDate),
      warnings,
      site,
    );
    outcome.judged += 1;

    const prior = priors
      ? (priors.get(`${due.tenantId}|${jobsite.id}|${due.workDate}`) ?? null)
      : await deps.decisions.get(item.tenant, jobsite.id, due.workDate);
    const change = decideChange(prior, judged, judgedClearing);
    const client = item.clients.find((c) => c.id === jobsite.clientId) ?? null;
    if (change.kind && item.notify) {
      const heldQuiet = await holdIfQuiet(deps.held, {
        quietHours: item.quietHours,
        at: asOf ?? now,
        due,
        jobsite,
        announcement: {
          kind: change.kind,
          messageKey: messageKeyOf(change.kind, change.judgement),
          judgement: change.judgement,
        },
        recipients: recipientsOf(
          jobsite,
          item.workers,
          client,
          change.kind,
          change.judgement.verdict,
          item.suppressed,
        ),
        runId,
        now,
      });
      // Held: the day's decision keeps what recipients last heard, so the release run judges afresh.
      if (heldQuiet) return;
    }
    if (due.released) await deps.held?.clear(due.tenantId, jobsite.id, due.workDate);
    const announcement: Announcement | null = change.kind
      ? {
          kind: change.kind,
          messageKey: messageKeyOf(change.kind, change.judgement),
          judgement: change.judgement,
        }
      : (prior?.announcement ?? null);
    const decision: Decision = {
      tenantId: due.tenantId,
      jobsiteId: jobsite.id,
      workDate: due.workDate,
      verdict: change.judgement.verdict,
      hoursLost: change.judgement.hoursLost,
      delayCalled: change.delayCalled,
      judgement: change.judgement,
      rules: jobsite.rules,
      forecast: snapshotOf(result.forecast, change.judgement, jobsite),
      lastKind: change.kind ?? prior?.lastKind ?? null,
      announcement,
      decidedAt: now.toISOString(),
      runId,
      // A re-judged day keeps the contractor's mark.
      worked: prior?.worked ?? null,
      workedNote: prior?.workedNote ?? null,
      markedAt: prior?.markedAt ?? null,
      markedBy: prior?.markedBy ?? null,
      markedById: prior?.markedById ?? null,
    };
    // A re-run that judged the day as before (same forecast, rules and announcement) writes nothing.
    if (!prior || !sameDecision(prior, decision)) await writes.putDecision(decision);
    if (!announcement || !item.notify) return;

    const { kind, judgement } = announcement;
    const verdict = judgement.verdict;
    const contractor = noticeContractor(item.profile, jobsite, item.workers, item.brand);
    const causedBy = change.kind ? ruleChangeBy(jobsite, prior) : null;
    const day: AnnouncedDay = {
      tenantId: due.tenantId,
      jobsite,
      workers: item.workers,
      workDate: due.workDate,
      announcement,
      runId,
      ...(causedBy ? { causedBy } : {}),
    };
    const recipients = recipientsOf(jobsite, item.workers, client, kind, verdict, item.suppressed);
    const content = {
      kind,
      tenantId: due.tenantId,
      jobsite: {
        id: jobsite.id,
        name: jobsite.name,
        address: jobsite.address,
        timezone: jobsite.timezone,
        workingHours: jobsite.workingHours,
      },
      clientName: client?.name ?? null,
      workDate: due.workDate,
      judgement,
      simulated: result.forecast.source === 'simulated',
      contractor,
      ...(causedBy ? { causedBy } : {}),
    };
    await emailAnnouncement(deps, { ...day, content }, recipients, sending, outcome);
    const texted = await textHook(texts?.deps, day, item, sending);
    outcome.failed += texted.failed;
    outcome.errors.push(...texted.errors);
  }
}
