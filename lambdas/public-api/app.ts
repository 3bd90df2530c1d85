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
import type { OpenAPIHono } from '@hono/zod-openapi';
import { mountOnFirstRequest, routesOnFirstRequest, type RouteGroups } from '../http/routes-on-first-request';
import {
  createV1App,
  requireApiKey,
  requireWriteScopeForWrites,
  v1BodyLimit,
  type V1Env,
} from '../routes/v1/v1-kit';
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
 *
 * Each resource's routes are registered on the first request to that resource (issue 26 item 8: their
 * OpenAPI definitions are most of this app's build), and the document is generated from an app with
 * every resource registered, in the same order, on its first request.
 */
export function createPublicApiApp(deps: PublicApiDeps, routeGroups: RouteGroups = 'on-first-request') {
  const app = createV1App();
  const resources = v1Resources(deps);
  if (routeGroups === 'at-load') v1OpenApiRoutes(app);
  else
    app.get(
      OPENAPI_PATH,
      routesOnFirstRequest(createV1App, (all) => {
        v1OpenApiRoutes(all);
        for (const resource of resources) resource.register(all);
      }),
    );
  const auth = requireApiKey({
    keys: deps.apiKeys,
    accounts: deps.accounts,
    clock: deps.clock,
    log: deps.log,
  });
  app.use('/v1/*', async (c, next) => (c.req.path === OPENAPI_PATH ? next() : auth(c, next)));
  app.use('/v1/*', requireWriteScopeForWrites);
  app.use('/v1/*', v1BodyLimit());
  if (routeGroups === 'at-load') for (const resource of resources) resource.register(app);
  else
    for (const paths of new Set(resources.map((r) => r.paths)))
      mountOnFirstRequest(app, paths, createV1App, (group) => {
        for (const resource of resources) if (resource.paths === paths) resource.register(group);
      });
  return app;
}

/** One resource's `/v1` routes: the paths it alone answers, and how it registers them. */
interface V1Resource {
  paths: readonly string[];
  register: (app: OpenAPIHono<V1Env>) => void;
}

const JOBSITE_PATHS = ['/v1/jobsites', '/v1/jobsites/*', '/v1/alerts'] as const;
const resourcePaths = (name: string) => [`/v1/${name}`, `/v1/${name}/*`];

/** Every resource, in the order the document lists them; a jobsite's data is served with the jobsites. */
function v1Resources(deps: PublicApiDeps): V1Resource[] {
  const records = { records: deps.records, clock: deps.clock, ids: deps.ids, sms: deps.sms };
  const recordResource = (name: string, spec: () => Parameters<typeof v1RecordRoutes>[2]) => ({
    paths: name === 'jobsites' ? JOBSITE_PATHS : resourcePaths(name),
    register: (app: OpenAPIHono<V1Env>) => v1RecordRoutes(app, name, spec()),
  });
  return [
    recordResource('jobsites', () =>
      jobsitesRecordSpec({
        ...records,
        accounts: deps.accounts,
        noticeDefaults: deps.noticeDefaults,
        events: deps.events,
      }),
    ),
    recordResource('workers', () => workersRecordSpec(records)),
    recordResource('crews', () => crewsRecordSpec(records)),
    recordResource('clients', () => clientsRecordSpec(records)),
    {
      paths: JOBSITE_PATHS,
      register: (app) =>
        v1JobsiteDataRoutes(app, {
          ...records,
          accounts: deps.accounts,
          weather: deps.dispatch.weather,
          ...deps.ledger,
          alerts: deps.dispatch.claims,
        }),
    },
  ];
}
