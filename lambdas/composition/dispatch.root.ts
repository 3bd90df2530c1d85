import type { BrandLookup } from '../core/brand/brand';
import {
  DynamoClaimRepo,
  DynamoDecisionRepo,
  DynamoDispatchRunRepo,
  DynamoNoticeSchedule,
} from '../adapters/dynamo/dispatch.repo';
import { DynamoHeldMessageRepo } from '../adapters/dynamo/held-message.repo';
import { DynamoAccountRosters } from '../adapters/dynamo/account-rosters.repo';
import { WorkerRosters } from '../core/dispatch/account-rosters';
import { DynamoHolidayCalendarRepo } from '../adapters/dynamo/holiday-calendar.repo';
import { createWeatherProviders } from '../adapters/weather/weather.factory';
import type { AccountRepo } from '../core/account/account.ports';
import type { DispatchDeps } from '../core/dispatch/run-dispatch';
import type { WeatherProvider } from '../core/weather/weather.ports';
import { templatedNoticeSender } from '../core/email/notice-sender';
import { silentLogger } from '../core/observability.ports';
import { CachedForecastProvider } from '../core/weather/cached-forecast';
import { DynamoForecastCache } from '../adapters/dynamo/forecast-cache.repo';
import { DynamoCellZonesCache } from '../adapters/dynamo/cell-zones-cache.repo';
import { powertoolsLogger } from '../adapters/observability/powertools.logger';
import type { RecordsStore } from '../core/records/records.ports';
import type { DataRoot } from './data.root';
import type { EmailDeps } from './email.root';
import type { TextDeps } from '../core/sms/send-texts';
import { createConfirmationDeps } from './confirmations.root';
import type { EscalationTexter } from '../core/confirmations/confirmation.ports';
import type { EventPublisher } from '../core/webhooks/webhook.ports';
import { withNoticeEvents } from '../core/webhooks/notice-events';
import { DynamoObservationRepo } from '../adapters/dynamo/observations.repo';
import { createObservationSources } from '../adapters/observations/observations.factory';

/**
 * The forecast the dispatch and the verdicts read: runs of one slot (the planner's batches, an admin's
 * run now) share a cell's Open-Meteo forecast for a while, through the table.
 */
export function sharedForecast(data: DataRoot, forecast: WeatherProvider): WeatherProvider {
  return forecast.name === 'open-meteo'
    ? new CachedForecastProvider(forecast, new DynamoForecastCache(data.db), data.clock)
    : forecast;
}

/**
 * The dispatch: the notice schedule, decisions and claims, the forecast provider and the templated
 * notice sender. No HTTP and no Stripe.
 */
export function createDispatchDeps(
  data: DataRoot,
  opts: {
    accounts: AccountRepo;
    records: RecordsStore;
    email: EmailDeps;
    texts?: TextDeps;
    /** The managers' escalation by text (the SMS channel's); absent, escalations go by email only. */
    escalationTexter?: EscalationTexter;
    unsubscribeSecret?: string;
    /** Webhooks: each sent message raises its `*.sent` event. */
    events?: EventPublisher;
    /** Each account's active brand: notices and texts carry it instead of Raincheck's (issue 24). */
    brands?: BrandLookup;
  },
): DispatchDeps {
  const weather = createWeatherProviders(data.config);
  const forecast = sharedForecast(data, weather.forecast);
  // Built once per container: the workers it keeps serve every batch this Lambda takes while warm.
  const rosterStore = new DynamoAccountRosters(data.db);
  return {
    ...(data.config.DISPATCH_WORKERS ? { workers: data.config.DISPATCH_WORKERS } : {}),
    schedule: new DynamoNoticeSchedule(data.db),
    runs: new DynamoDispatchRunRepo(data.db),
    decisions: new DynamoDecisionRepo(data.db),
    claims: new DynamoClaimRepo(data.db),
    records: opts.records,
    accounts: opts.accounts,
    weather: forecast,
    alerts: weather.alerts,
    zonesCache: new DynamoCellZonesCache(data.db),
    held: new DynamoHeldMessageRepo(data.db),
    holidays: new DynamoHolidayCalendarRepo(data.db),
    observations: {
      sources: createObservationSources(data.config),
      repo: new DynamoObservationRepo(data.db),
    },
    delivery: opts.email.delivery,
    suppressions: opts.email.suppressions,
    workerStatus: opts.email.workerStatus,
    rosters: { store: rosterStore, kept: new WorkerRosters(rosterStore) },
    ...(opts.texts ? { texts: opts.texts } : {}),
    ...(opts.brands ? { brands: opts.brands } : {}),
    sender: withNoticeEvents(
      templatedNoticeSender({
        templates: opts.email.templates,
        tokens: opts.email.tokens,
        noticeLinks: opts.email.noticeLinks,
        // Counted once per batch (`delivery` below), not once per send.
        mailer: opts.email.uncountedNoticeMailer,
        appOrigin: opts.email.appOrigin,
        clock: data.clock,
      }),
      opts.events,
    ),
    // Crew confirmation: the foreman's answer links on delay notices, the escalation sweep.
    confirmations: createConfirmationDeps(data, opts.email, opts.unsubscribeSecret, opts.escalationTexter),
    clock: data.clock,
    ids: data.ids,
    // Structured JSON in Lambda; the local stack sets its own readable logger (local/stack.ts).
    log: data.config.AWS_LAMBDA_FUNCTION_NAME ? powertoolsLogger() : silentLogger,
  };
}
