import type { LambdaConfig } from '../config';
import { DynamoAccountRepo } from '../adapters/dynamo/account.repo';
import { DynamoAdminSettingsStore } from '../adapters/dynamo/admin-people.repo';
import { DynamoApiKeys } from '../adapters/dynamo/api-keys.repo';
import { DynamoClaimRepo, DynamoDecisionRepo } from '../adapters/dynamo/dispatch.repo';
import { DynamoHolidayCalendarRepo } from '../adapters/dynamo/holiday-calendar.repo';
import { DynamoObservationRepo } from '../adapters/dynamo/observations.repo';
import { createWeatherProviders } from '../adapters/weather/weather.factory';
import { defaultNoticeTimes } from '../core/admin/admin-settings';
import type { PublicApiDeps } from '../public-api/app';
import { createBrandRoot } from './brand.root';
import { createDataRoot } from './data.root';
import { sharedForecast } from './dispatch.root';
import { recordsOnFirstUse } from './records.root';
import { createSmsRoot } from './sms.root';
import { createWebhooksRoot } from './webhooks.root';

/**
 * What the public API's Lambda builds (issue 26 item 8): exactly what its routes use, the same
 * adapters createAppRoot gives the api Lambda for them. Not createAppRoot itself, which bundled and
 * built at every cold start what `/v1` never calls: Cognito (its SDK client required at load), single
 * sign-on, support, teams, the dispatch's sender and confirmations, the notice mailer.
 */
export function createPublicApiRoot(config: LambdaConfig): Omit<PublicApiDeps, 'log'> {
  const data = createDataRoot(config);
  const accounts = new DynamoAccountRepo(data.db);
  const records = recordsOnFirstUse(data.db);
  const webhooks = createWebhooksRoot(data, { accounts });
  const brand = createBrandRoot(data, { accounts });
  // The workers' SMS toggle sends the one-time "Reply YES" text; notice texts (and their details
  // links) are the dispatch's.
  const sms = createSmsRoot(data, { accounts, records, events: webhooks.events, brands: brand.lookup });
  const adminSettings = new DynamoAdminSettingsStore(data.db);
  const claims = new DynamoClaimRepo(data.db);
  return {
    apiKeys: new DynamoApiKeys(data.db, data.client),
    accounts,
    records,
    clock: data.clock,
    ids: data.ids,
    sms: sms?.worker,
    noticeDefaults: () => defaultNoticeTimes(adminSettings),
    dispatch: { weather: sharedForecast(data, createWeatherProviders(config).forecast), claims },
    ledger: {
      decisions: new DynamoDecisionRepo(data.db),
      claims,
      holidays: new DynamoHolidayCalendarRepo(data.db),
      observations: new DynamoObservationRepo(data.db),
    },
    events: webhooks.events,
  };
}
