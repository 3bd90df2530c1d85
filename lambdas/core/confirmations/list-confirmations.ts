import type { ConfirmationListResponse } from '../../../shared/confirmations';
import type { TenantId } from '../caller';
import { summaryOf } from './answer-confirmation';
import type { ConfirmationRepo } from './confirmation.ports';

export type ConfirmationQuery = { jobsiteId: string; from: string; to: string } | { limit: number };

/**
 * `GET /api/confirmations`: one jobsite's requests over a range of days (the jobsite page, the
 * evidence page), or the account's latest (the alert history). Only the tenant's own, by key.
 */
export async function listConfirmations(
  tenant: TenantId,
  query: ConfirmationQuery,
  deps: { repo: Pick<ConfirmationRepo, 'listForJobsite' | 'listRecent'> },
): Promise<ConfirmationListResponse> {
  const items =
    'from' in query
      ? await deps.repo.listForJobsite(tenant, query.jobsiteId, query.from, query.to)
      : await deps.repo.listRecent(tenant, query.limit);
  return { items: items.map(summaryOf) };
}
