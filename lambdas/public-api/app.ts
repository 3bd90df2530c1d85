import type { AccountRepo } from '../core/account/account.ports';
import type { ApiKeyStore } from '../core/api-keys/api-keys.ports';
import type { Logger } from '../core/observability.ports';
import type { RecordsStore } from '../core/records/records.ports';
import type { Clock, IdGenerator } from '../core/runtime.ports';
import type { WorkerSmsDeps } from '../core/sms/worker-sms';
import type { NoticeTime } from '../../shared/notice-slots';
import { clientsRecordSpec } from '../routes/clients.routes';
import { crewsRecordSpec } from '../routes/crews.routes';
import { jobsitesRecordSpec } from '../routes/jobsites.routes';
import type { EventPublisher } from '../core/webhooks/webhook.ports';
import { workersRecordSpec } from '../routes/workers.routes';
import { createV1App, requireApiKey, requireWriteScopeForWrites, v1BodyLimit } from '../routes/v1/v1-kit';
import { v1RecordRoutes } from '../routes/v1/v1-records.routes';
import { v1JobsiteDataRoutes } from '../routes/v1/v1-jobsite-data.routes';
import type { ClaimRepo, DecisionRepo, SentPerDay } from '../core/dispatch/dispatch.ports';
import type { HolidayCalendarRepo } from '../core/holidays/holidays.ports';
import type { ObservationRepo } from '../core/observations/observations.ports';
import type { WeatherProvider } from '../core/weather/weather.ports';
import { OPENAPI_PATH, v1OpenApiRoutes } from '../routes/v1/v1-openapi.routes';

export interface PublicApiDeps {
  apiKeys: ApiKeyStore;
  accounts: AccountRepo;
  records: RecordsStore;
  clock: Clock;
  ids: IdGenerator;
  sms?: WorkerSmsDeps;
  noticeDefaults?: () => Promise<NoticeTime[]>;
  /** The dashboard's forecast source and the alert history (the dispatch's). */
  dispatch: { weather: WeatherProvider; claims: Pick<ClaimRepo, 'listRecent'> };
  /** The weather-day ledger's decisions, sent messages per day, holiday calendars and observed days. */
  ledger: {
    decisions: DecisionRepo;
    claims?: SentPerDay;
    holidays: HolidayCalendarRepo;
    observations?: ObservationRepo;
  };
  log: Logger;
  /** Webhooks: a jobsite made, changed or deleted through /v1 raises its event as through /api. */
  events?: EventPublisher;
}

/**
 * The public API's Lambda (`/v1/*`, issue 23): API Gateway lets these routes through without the JWT
 * authorizer, and this app authenticates the API key itself. Every route is registered through
 * @hono/zod-openapi, so the document at /v1/openapi.json lists exactly what is served.
 */
export function createPublicApiApp(deps: PublicApiDeps) {
  const app = createV1App();
  v1OpenApiRoutes(app);
  const auth = requireApiKey({
    keys: deps.apiKeys,
    accounts: deps.accounts,
    clock: deps.clock,
    log: deps.log,
  });
  app.use('/v1/*', async (c, next) => (c.req.path === OPENAPI_PATH ? next() : auth(c, next)));
  app.use('/v1/*', requireWriteScopeForWrites);
  app.use('/v1/*', v1BodyLimit());
  const records = { records: deps.records, clock: deps.clock, ids: deps.ids, sms: deps.sms };
  v1RecordRoutes(
    app,
    'jobsites',
    jobsitesRecordSpec({
      ...records,
      accounts: deps.accounts,
      noticeDefaults: deps.noticeDefaults,
      events: deps.events,
    }),
  );
  v1RecordRoutes(app, 'workers', workersRecordSpec(records));
  v1RecordRoutes(app, 'crews', crewsRecordSpec(records));
  v1RecordRoutes(app, 'clients', clientsRecordSpec(records));
  v1JobsiteDataRoutes(app, {
    ...records,
    accounts: deps.accounts,
    weather: deps.dispatch.weather,
    ...deps.ledger,
    alerts: deps.dispatch.claims,
  });
  return app;
}
