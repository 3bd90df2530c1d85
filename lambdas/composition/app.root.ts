import type { LambdaConfig } from '../config';
import { DynamoMetricsStore } from '../adapters/dynamo/metrics.repo';
import { DynamoClaimRepo } from '../adapters/dynamo/dispatch.repo';
import { DynamoDayMessages } from '../adapters/dynamo/ledger.repo';
import { DynamoAccountExport } from '../adapters/dynamo/account-export.repo';
import { DynamoNoticeShortCodes } from '../adapters/dynamo/notice-short-codes.repo';
import { createDataRoot, type DataRootOptions } from './data.root';
import { createMessagingRoot } from './messaging.root';
import { OpenMeteoGeocoder } from '../adapters/geo/open-meteo.geocoder';
import { SimulatedWeatherProvider } from '../adapters/weather/simulated.provider';
import { CognitoUserDirectory } from '../adapters/auth/cognito-user-directory';
import { createAuthRoot } from './auth.root';
import { DynamoAccountSummaries, DynamoAdminSettingsStore } from '../adapters/dynamo/admin-people.repo';
import { defaultNoticeTimes } from '../core/admin/admin-settings';
import { DynamoApiKeys } from '../adapters/dynamo/api-keys.repo';
import { createSupportRoot } from './support.root';
import { createTeamDeps } from './team.root';
import { createSsoRoot } from './sso.root';

export interface AppRootOptions extends DataRootOptions {
  unsubscribeSecret?: string;
}

/**
 * Everything but billing: accounts, records, email and the dispatch (createMessagingRoot) over one data
 * root. The api Lambda and the local stack build this; the dispatch's Lambdas build the messaging root
 * alone, and the billing Lambdas their billing root (Stripe).
 */
export function createAppRoot(config: LambdaConfig, opts: AppRootOptions = {}) {
  const data = createDataRoot(config, opts);
  const { accounts, records, webhooks, brand, email, sms, dispatch } = createMessagingRoot(data, opts);
  const accountSummaries = new DynamoAccountSummaries(data.db);
  const adminSettings = new DynamoAdminSettingsStore(data.db);
  const auth = createAuthRoot(config, data.clock);
  const team = createTeamDeps(data, { accounts, email, unsubscribeSecret: opts.unsubscribeSecret });
  return {
    ...data,
    accounts,
    records,
    metrics: new DynamoMetricsStore(data.db),
    delivery: email.delivery,
    emailRoot: email,
    email: email.email,
    emailTesting: {
      templates: email.templates,
      noticeMailer: email.noticeMailer,
      mailer: email.mailer,
      tokens: email.tokens,
      appOrigin: email.appOrigin,
      rateWindows: email.rateWindows,
      clock: data.clock,
    },
    unsubscribe: { ...email.unsubscribe, brands: brand.lookup },
    /** The public notice details page reads the dispatch's decisions through a signed link. */
    notices: {
      tokens: email.noticeLinks,
      accounts,
      records,
      decisions: dispatch.decisions,
      clock: data.clock,
      codes: new DynamoNoticeShortCodes(data.db),
      brands: brand.lookup,
    },
    workerStatus: email.workerStatus,
    suppressions: email.suppressions,
    mailer: email.mailer,
    dispatch,
    /** Signed webhooks: the settings routes, and the publisher every hook raises events through. */
    webhooks,
    events: webhooks.events,
    /** White-labelling and file storage; `brand.lookup` is what worker-facing mail and pages ask. */
    brand,
    /** The SMS channel (workers' toggle and consent, notice texts, replies); absent without a number. */
    sms: sms?.worker,
    smsRoot: sms,
    weatherTesting: { live: dispatch.weather, simulated: new SimulatedWeatherProvider(), clock: data.clock },
    /** The weather-day ledger reads the dispatch's decisions. */
    ledger: {
      decisions: dispatch.decisions,
      claims: new DynamoClaimRepo(data.db),
      messages: new DynamoDayMessages(data.db),
      holidays: dispatch.holidays,
      observations: dispatch.observations?.repo,
    },
    accountExport: new DynamoAccountExport(data.db),
    /** The public API's keys (issue 23): managed by the api Lambda, checked by the public-api one. */
    apiKeys: new DynamoApiKeys(data.db, data.client),
    support: createSupportRoot(data, {
      accounts,
      mailer: email.mailer,
      appOrigin: email.appOrigin,
      idempotency: records.idempotency,
    }),
    geocoder: new OpenMeteoGeocoder(config.RAINCHECK_GEOCODING_URL),
    /** The admin users, admins and settings (Cognito's admin API; the client opens nothing until used). */
    people: {
      directory: new CognitoUserDirectory(auth.cognito, config.USER_POOL_ID),
      accounts: accountSummaries,
      statuses: auth.userStatuses,
      profiles: accounts,
      settings: { settings: adminSettings, clock: data.clock, fromAddress: config.MAIL_FROM },
    },
    signIns: accountSummaries,
    /** The live status lookup (disabled, groups, TOTP) the auth middleware of every app passes through. */
    userStatuses: auth.userStatuses,
    /** Teams: memberships (the auth step reads them), invites and the account's audit log. */
    team,
    /** Single sign-on: the settings routes, discover, the password refusal and the first sign-in's seat. */
    sso: createSsoRoot(data, { accounts, auth }),
    adminSettings,
    noticeDefaults: () => defaultNoticeTimes(adminSettings),
    /** Crew confirmation's answer routes share the dispatch's requests and signer. */
    confirmations: {
      repo: dispatch.confirmations!.repo,
      tokens: dispatch.confirmations!.tokens,
      clock: data.clock,
      events: webhooks.events,
      brands: brand.lookup,
    },
  };
}

export type AppRoot = ReturnType<typeof createAppRoot>;
