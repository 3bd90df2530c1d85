import type { AccountRepo } from '../core/account/account.ports';
import type { RecordsStore } from '../core/records/records.ports';
import type { Clock, IdGenerator } from '../core/runtime.ports';
import { createHttpApp, limitBody, requireCaller, type Authenticate } from '../http/kit';
import { clientsRoutes } from '../routes/clients.routes';
import { crewsRoutes } from '../routes/crews.routes';
import { jobsitesRoutes } from '../routes/jobsites.routes';
import { meRoutes } from '../routes/me.routes';
import { subscriptionRoutes, type SubscriptionRoutesDeps } from '../routes/subscription.routes';
import { workersRoutes } from '../routes/workers.routes';

export type { Authenticate } from '../http/kit';

export interface ApiDeps {
  authenticate: Authenticate;
  accounts: AccountRepo;
  clock: Clock;
  /** Billing routes (GET /api/subscription, plan change, portal); absent in apps built without Stripe. */
  billing?: SubscriptionRoutesDeps;
  /** Clients, crews, workers and jobsites; absent in apps built without them (unit tests of /api/me). */
  records?: RecordsStore;
  ids?: IdGenerator;
}

/** Paths API Gateway serves without the JWT authorizer. */
export const PUBLIC_API_PATHS = ['/api/health'] as const;

/** The API Lambda's app: every `/api/*` route but checkout and the webhook, each behind a verified caller. */
export function createApiApp(deps: ApiDeps) {
  const app = createHttpApp();
  app.get('/api/health', (c) => c.json({ ok: true }));
  app.use('/api/*', requireCaller(deps.authenticate));
  // Every body is capped before anything reads it; the workers import raises its own route's cap.
  app.use('/api/*', async (c, next) =>
    c.req.path === '/api/workers/import' ? next() : limitBody()(c, next),
  );
  app.route('/', meRoutes(deps));
  if (deps.billing) app.route('/', subscriptionRoutes(deps.billing));
  if (deps.records) {
    const records = { records: deps.records, clock: deps.clock, ids: deps.ids ?? randomIds() };
    app.route('/', clientsRoutes(records));
    app.route('/', crewsRoutes(records));
    app.route('/', workersRoutes(records));
    app.route('/', jobsitesRoutes({ ...records, accounts: deps.accounts }));
  }
  return app;
}

function randomIds(): IdGenerator {
  return { next: () => crypto.randomUUID() };
}
