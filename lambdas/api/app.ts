import type { AccountRepo, ProfileReplacer } from '../core/account/account.ports';
import type { RecordsStore } from '../core/records/records.ports';
import type { Clock, IdGenerator } from '../core/runtime.ports';
import type { Hono } from 'hono';
import { TrieRouter } from 'hono/router/trie-router';
import { createHttpApp, limitBody, requireCaller, type AppEnv, type Authenticate } from '../http/kit';
import { mountOnFirstRequest, type RouteGroups } from '../http/routes-on-first-request';
import { clientsRoutes } from '../routes/clients.routes';
import { crewsRoutes } from '../routes/crews.routes';
import { jobsitesRoutes } from '../routes/jobsites.routes';
import { meRoutes } from '../routes/me.routes';
import { subscriptionRoutes, type SubscriptionRoutesDeps } from '../routes/subscription.routes';
import { workersRoutes } from '../routes/workers.routes';
import { smsUsageRoutes } from '../routes/sms-usage.routes';
import { adminDispatchRoutes } from '../routes/admin-dispatch.routes';
import { adminWeatherRoutes, type AdminWeatherDeps } from '../routes/admin-weather.routes';
import { adminMetricsRoutes } from '../routes/admin-metrics.routes';
import type { DeliveryStats, MetricsStore } from '../core/admin/metrics.ports';
import { adminMoneyRoutes } from '../routes/admin-money.routes';
import { alertsRoutes } from '../routes/alerts.routes';
import { weatherRoutes } from '../routes/weather.routes';
import { geocodeRoutes } from '../routes/geocode.routes';
import type { Geocoder } from '../core/geo/geocoder.ports';
import type { AddressLookup } from '../core/geo/address-lookup.ports';
import { unsubscribeRoutes, type UnsubscribeRoutesDeps } from '../routes/unsubscribe.routes';
import { noticesRoutes, type NoticesRoutesDeps } from '../routes/notices.routes';
import { emailTemplatesRoutes, type EmailTemplatesRoutesDeps } from '../routes/email-templates.routes';
import { emailEventsRoutes, type EmailEventsRoutesDeps } from '../routes/email-events.routes';
import type { DispatchDeps } from '../core/dispatch/run-dispatch';
import type { DecisionRepo, SentPerDay } from '../core/dispatch/dispatch.ports';
import { ledgerRoutes } from '../routes/ledger.routes';
import type { DayMessages } from '../core/ledger/ledger.ports';
import type { ObservationRepo } from '../core/observations/observations.ports';
import type { HolidayCalendarRepo } from '../core/holidays/holidays.ports';
import { analyticsRoutes } from '../routes/analytics.routes';
import { accountExportRoutes } from '../routes/account-export.routes';
import type { AccountDataStore } from '../core/account/export-account';
import {
  adminEmailTestingRoutes,
  type AdminEmailTestingRoutesDeps,
} from '../routes/admin-email-testing.routes';
import { adminPeopleRoutes, noticeDefaultsRoutes, type AdminPeopleDeps } from '../routes/admin-people.routes';
import type { AccountSummaries } from '../core/admin/people.ports';
import type { NoticeTime } from '../../shared/notice-slots';
import type { WorkerSmsDeps } from '../core/sms/worker-sms';
import {
  confirmationRoutes,
  publicConfirmationRoutes,
  PUBLIC_CONFIRMATION_PATH,
  type ConfirmationRoutesDeps,
} from '../routes/confirmations.routes';
import { apiKeysRoutes } from '../routes/api-keys.routes';
import type { ApiKeyStore } from '../core/api-keys/api-keys.ports';

import { supportRoutes, type SupportRoutesDeps } from '../routes/support.routes';
import { adminSupportRoutes } from '../routes/admin-support.routes';

import { auditMemberWrites, teamRoutes } from '../routes/team.routes';
import type { TeamDeps } from '../core/team/team.deps';
import { webhooksRoutes } from '../routes/webhooks.routes';
import { ssoDiscoverRoutes, ssoSettingsRoutes } from '../routes/sso.routes';
import type { SsoSettingsDeps } from '../core/sso/sso-settings';
import type { SsoSignInDeps } from '../core/sso/sso-sign-in';
import type { ManageWebhooksDeps } from '../core/webhooks/manage-webhooks';
import type { EventPublisher } from '../core/webhooks/webhook.ports';
import { brandRoutes } from '../routes/brand.routes';
import type { BrandDeps, BrandLookup } from '../core/brand/brand';

export type { Authenticate } from '../http/kit';

export interface ApiDeps {
  authenticate: Authenticate;
  accounts: AccountRepo & ProfileReplacer;
  clock: Clock;
  /** Billing routes (GET /api/subscription, plan change, portal); absent in apps built without Stripe. */
  billing?: SubscriptionRoutesDeps;
  /** Clients, crews, workers and jobsites; absent in apps built without them (unit tests of /api/me). */
  records?: RecordsStore;
  ids?: IdGenerator;
  /** The dispatch (admin run now, alert history); absent in apps built without it. */
  dispatch?: DispatchDeps;
  /** The admin weather-testing screen's forecast source (live provider and simulated scenarios). */
  weatherTesting?: AdminWeatherDeps;
  /** Address lookup for the jobsite form. */
  geocoder?: Geocoder;
  /** Street addresses as one types (Amazon Location Places in AWS). */
  addressLookup?: AddressLookup;
  /** Email templates, previews and test sends. */
  email?: EmailTemplatesRoutesDeps;
  /** The public unsubscribe routes of notice links. */
  unsubscribe?: UnsubscribeRoutesDeps;
  /** The public details page of a notice (`/n/{token}`): the signed link is the authority. */
  notices?: NoticesRoutesDeps;
  /** Local only: the stand-in for the SNS-subscribed email-events Lambda (bounces, complaints). */
  emailEvents?: EmailEventsRoutesDeps;
  /** The admin metrics' reads (GET /api/admin/metrics); absent in apps built without them. */
  metrics?: MetricsStore;
  /** The daily email delivery counters (the admin delivery health). */
  delivery?: DeliveryStats;
  /** The weather-day ledger's decisions (GET /api/jobsites/{id}/ledger); absent in apps built without it. */
  ledger?: {
    decisions: DecisionRepo;
    claims?: SentPerDay;
    messages?: DayMessages;
    /** The holiday calendars: a holiday is never a delay day. */
    holidays: HolidayCalendarRepo;
    /** Observed weather beside the forecast (issue 25). */
    observations?: ObservationRepo;
  };
  /** The account's own data as one JSON download (GET /api/me/export). */
  accountExport?: AccountDataStore;
  /** The admin's email testing (any template to any address through the real path). */
  emailTesting?: AdminEmailTestingRoutesDeps;
  /** The admin identity, users, admins and settings; absent in apps built without them. */
  people?: AdminPeopleDeps;
  /** Records each session's sign-in for the admin users list (GET /api/me). */
  signIns?: Pick<AccountSummaries, 'recordSignIn'>;
  /** The admins' default notice times for new jobsites. */
  noticeDefaults?: () => Promise<NoticeTime[]>;
  /** The workers' SMS channel (plan check, consent ask, `sms.status`); absent: SMS reads off. */
  sms?: WorkerSmsDeps;
  /** Crew confirmation: the public `/api/confirmations/{token}` routes and the signed-in list. */
  confirmations?: ConfirmationRoutesDeps;
  /** The public API's keys (`/api/api-keys`, issue 23); absent in apps built without them. */
  apiKeys?: ApiKeyStore;
  /** Support requests, the admins' queue and support access (issue 22 §5–7). */
  support?: SupportRoutesDeps;
  /** Teams: members, invites, roles and the account's audit log (issue 22). */
  team?: TeamDeps;
  /** Signed webhooks (`/api/webhooks`, Enterprise); absent in apps built without them. */
  webhooks?: { manage: ManageWebhooksDeps };
  /** Where jobsite and ledger changes raise their webhook events. */
  events?: EventPublisher;
  /** Single sign-on (issue 24): the owner's settings and the public discover route. */
  sso?: { settings: SsoSettingsDeps; signIn: SsoSignInDeps };
  /** White-labelling (`/api/account/brand`, Enterprise) and its logo uploads; absent in apps built without them. */
  brand?: { deps: BrandDeps; lookup: BrandLookup };
}

/** Paths API Gateway serves without the JWT authorizer. */
export const PUBLIC_API_PATHS = ['/api/health', '/api/unsubscribe', '/api/auth/discover'] as const;
/** Public path prefixes: `GET /api/notices/{token}` (a notice's signed details link). */
export const PUBLIC_API_PREFIXES = ['/api/notices/'] as const;

/**
 * The paths each rarely used group alone answers (issue 26 item 8): its routes are registered on the
 * first request to one of them, not at every cold start. A crew's or an office user's every visit (me,
 * jobsites, workers, crews, clients, weather, alerts, the ledger) stays on the path built at load.
 */
export const ROUTE_GROUPS_ON_FIRST_REQUEST = {
  admin: ['/api/admin/*'],
  accountExport: ['/api/me/export'],
  team: ['/api/account/members', '/api/account/members/*', '/api/account/invites', '/api/account/invites/*'],
  teamAudit: ['/api/account/audit', '/api/invites/*'],
  apiKeys: ['/api/api-keys', '/api/api-keys/*'],
  support: ['/api/support/*', '/api/account/support-access', '/api/account/support-access/*'],
  sso: ['/api/account/sso'],
  webhooks: ['/api/webhooks', '/api/webhooks/*'],
  brand: ['/api/account/brand', '/api/account/brand/*'],
  email: ['/api/email-templates', '/api/email-templates/*', '/api/email/test'],
} as const;

/**
 * A group's own app. Its router is Hono's TrieRouter, which builds its tree as routes are added: the
 * default RegExpRouter compiles its matchers on the first request (the admin group's first request
 * 2.7 ms with it, 1.4 ms with this, measured). LinearRouter was refused by the equivalence test (it read
 * `/api/account/invites/` as `/api/account/invites`).
 */
const groupApp = () => createHttpApp({ router: new TrieRouter(), compress: false });

/** The API Lambda's app: every `/api/*` route but checkout and the webhook, each behind a verified caller. */
export function createApiApp(deps: ApiDeps, routeGroups: RouteGroups = 'on-first-request') {
  const app = createHttpApp();
  const group = (paths: readonly string[], register: (group: Hono<AppEnv>) => void) =>
    mountOnFirstRequest(app, paths, groupApp, register, routeGroups);
  app.get('/api/health', (c) => c.json({ ok: true }));
  // Public: a notice's one-click unsubscribe link works without signing in (the token is signed).
  if (deps.unsubscribe) app.route('/', unsubscribeRoutes(deps.unsubscribe));
  if (deps.notices) app.route('/', noticesRoutes(deps.notices));
  // Public but secret-checked, and mounted only by the local stack.
  if (deps.emailEvents) app.route('/', emailEventsRoutes(deps.emailEvents));
  // Public: a foreman's confirmation link works without signing in (the token is signed, single use).
  if (deps.confirmations) app.route('/', publicConfirmationRoutes(deps.confirmations));
  // Public: the email-first sign-in asks where an address signs in before anyone is signed in.
  if (deps.sso) app.route('/', ssoDiscoverRoutes(deps.sso.signIn));
  app.use('/api/*', async (c, next) =>
    PUBLIC_API_PATHS.includes(c.req.path as never) ||
    PUBLIC_API_PREFIXES.some((p) => c.req.path.startsWith(p)) ||
    c.req.path === '/api/email-events' ||
    PUBLIC_CONFIRMATION_PATH.test(c.req.path)
      ? next()
      : requireCaller(deps.authenticate)(c, next),
  );
  // Every body is capped before anything reads it; a few routes raise their own cap.
  const ownLimit = new Set(['/api/workers/import', '/api/admin/weather/evaluate']);
  app.use('/api/*', async (c, next) => (ownLimit.has(c.req.path) ? next() : limitBody()(c, next)));
  if (deps.team) {
    const team = deps.team;
    app.use('/api/*', auditMemberWrites(team.audit, deps.clock, team.accounts));
    group([...ROUTE_GROUPS_ON_FIRST_REQUEST.team, ...ROUTE_GROUPS_ON_FIRST_REQUEST.teamAudit], (g) =>
      g.route('/', teamRoutes(team)),
    );
  }
  // Every admin screen's routes, in the order they were mounted before.
  group(ROUTE_GROUPS_ON_FIRST_REQUEST.admin, (g) => adminRoutes(g, deps));
  const accountExport = deps.accountExport;
  if (accountExport)
    group(ROUTE_GROUPS_ON_FIRST_REQUEST.accountExport, (g) =>
      g.route('/', accountExportRoutes({ store: accountExport, clock: deps.clock })),
    );
  app.route('/', meRoutes(deps));
  if (deps.people) app.route('/', noticeDefaultsRoutes({ settings: deps.people.settings.settings }));
  if (deps.billing) app.route('/', subscriptionRoutes(deps.billing));
  if (deps.sms) app.route('/', smsUsageRoutes(deps.sms));
  if (deps.records) {
    const records = { records: deps.records, clock: deps.clock, ids: deps.ids ?? randomIds(), sms: deps.sms };
    app.route('/', clientsRoutes(records));
    app.route('/', crewsRoutes(records));
    app.route('/', workersRoutes(records));
    if (deps.ledger) {
      app.route(
        '/',
        ledgerRoutes({
          ...deps.ledger,
          records: deps.records,
          clock: deps.clock,
          events: deps.events,
          profiles: deps.accounts,
        }),
      );
      if (deps.ledger.messages)
        app.route(
          '/',
          analyticsRoutes({
            records: deps.records,
            decisions: deps.ledger.decisions,
            messages: deps.ledger.messages,
            accounts: deps.accounts,
            holidays: deps.ledger.holidays,
            observations: deps.ledger.observations,
            clock: deps.clock,
          }),
        );
    }
    app.route(
      '/',
      jobsitesRoutes({
        ...records,
        accounts: deps.accounts,
        noticeDefaults: deps.noticeDefaults,
        events: deps.events,
      }),
    );
  }
  if (deps.confirmations) app.route('/', confirmationRoutes(deps.confirmations));
  const { apiKeys, support, sso, webhooks, brand, email } = deps;
  if (apiKeys)
    group(ROUTE_GROUPS_ON_FIRST_REQUEST.apiKeys, (g) =>
      g.route('/', apiKeysRoutes({ ...deps, keys: apiKeys, ids: deps.ids ?? randomIds() })),
    );
  if (support) group(ROUTE_GROUPS_ON_FIRST_REQUEST.support, (g) => g.route('/', supportRoutes(support)));
  if (sso) group(ROUTE_GROUPS_ON_FIRST_REQUEST.sso, (g) => g.route('/', ssoSettingsRoutes(sso.settings)));
  if (webhooks)
    group(ROUTE_GROUPS_ON_FIRST_REQUEST.webhooks, (g) =>
      g.route('/', webhooksRoutes({ ...webhooks.manage, idempotency: deps.records?.idempotency })),
    );
  if (brand) group(ROUTE_GROUPS_ON_FIRST_REQUEST.brand, (g) => g.route('/', brandRoutes(brand.deps)));
  if (email)
    group(ROUTE_GROUPS_ON_FIRST_REQUEST.email, (g) =>
      g.route('/', emailTemplatesRoutes({ ...email, brands: brand?.lookup })),
    );
  if (deps.geocoder)
    app.route('/', geocodeRoutes({ geocoder: deps.geocoder, addressLookup: deps.addressLookup }));
  if (deps.dispatch) {
    app.route('/', alertsRoutes(deps.dispatch));
    app.route('/', weatherRoutes(deps.dispatch));
  }
  return app;
}

/** The admin screens' routes (`/api/admin/*`), each group present when its deps are. */
function adminRoutes(app: Hono<AppEnv>, deps: ApiDeps): void {
  app.route('/', adminWeatherRoutes(deps.weatherTesting));
  if (deps.metrics) {
    app.route(
      '/',
      adminMetricsRoutes({ store: deps.metrics, clock: deps.clock, directory: deps.people?.directory }),
    );
    app.route(
      '/',
      adminMoneyRoutes({
        store: deps.metrics,
        clock: deps.clock,
        delivery: deps.delivery,
        runs: deps.dispatch?.runs,
        directory: deps.people?.directory,
      }),
    );
  }
  if (deps.people) app.route('/', adminPeopleRoutes(deps.people));
  if (deps.support) app.route('/', adminSupportRoutes(deps.support));
  if (deps.emailTesting) app.route('/', adminEmailTestingRoutes(deps.emailTesting));
  if (deps.dispatch) app.route('/', adminDispatchRoutes(deps.dispatch));
}

function randomIds(): IdGenerator {
  return { next: () => crypto.randomUUID() };
}
