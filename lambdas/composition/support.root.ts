import type { AccountRepo } from '../core/account/account.ports';
import type { Mailer } from '../core/email/email.ports';
import type { IdempotencyStore } from '../core/records/idempotency.ports';
import { DynamoSupportAccess, DynamoSupportRequests } from '../adapters/dynamo/support.repo';
import { DynamoRateWindows } from '../adapters/dynamo/rate-window.repo';
import type { DataRoot } from './data.root';

/** Support requests, the admins' queue and support access (issue 22 §5–7) over the data root. */
export function createSupportRoot(
  data: DataRoot,
  deps: { accounts: AccountRepo; mailer: Mailer; appOrigin: string; idempotency?: IdempotencyStore },
) {
  return {
    requests: new DynamoSupportRequests(data.db),
    access: new DynamoSupportAccess(data.db),
    accounts: deps.accounts,
    mailer: deps.mailer,
    clock: data.clock,
    ids: data.ids,
    appOrigin: deps.appOrigin,
    idempotency: deps.idempotency,
    rateWindows: new DynamoRateWindows(data.db),
  };
}

export type SupportRoot = ReturnType<typeof createSupportRoot>;
