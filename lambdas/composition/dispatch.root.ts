import {
  DynamoClaimRepo,
  DynamoDecisionRepo,
  DynamoDispatchRunRepo,
  DynamoNoticeSchedule,
} from '../adapters/dynamo/dispatch.repo';
import { DynamoHeldMessageRepo } from '../adapters/dynamo/held-message.repo';
import { createWeatherProviders } from '../adapters/weather/weather.factory';
import type { AccountRepo } from '../core/account/account.ports';
import type { DispatchDeps } from '../core/dispatch/run-dispatch';
import { templatedNoticeSender } from '../core/email/notice-sender';
import type { RecordsStore } from '../core/records/records.ports';
import type { DataRoot } from './data.root';
import type { EmailDeps } from './email.root';

/**
 * The dispatch: the notice schedule, decisions and claims, the forecast provider and the templated
 * notice sender. No HTTP and no Stripe.
 */
export function createDispatchDeps(
  data: DataRoot,
  opts: { accounts: AccountRepo; records: RecordsStore; email: EmailDeps },
): DispatchDeps {
  const weather = createWeatherProviders(data.config);
  return {
    schedule: new DynamoNoticeSchedule(data.db),
    runs: new DynamoDispatchRunRepo(data.db),
    decisions: new DynamoDecisionRepo(data.db),
    claims: new DynamoClaimRepo(data.db),
    records: opts.records,
    accounts: opts.accounts,
    weather: weather.forecast,
    alerts: weather.alerts,
    held: new DynamoHeldMessageRepo(data.db),
    sender: templatedNoticeSender({
      templates: opts.email.templates,
      tokens: opts.email.tokens,
      mailer: opts.email.noticeMailer,
      appOrigin: opts.email.appOrigin,
      clock: data.clock,
    }),
    clock: data.clock,
    ids: data.ids,
  };
}
