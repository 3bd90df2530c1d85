import type { WorkerStatus } from '../../../shared/records';
import type { TenantId } from '../caller';
import type { SuppressionList, SuppressionReason, WorkerAddressRef, WorkerStatusRepo } from './email.ports';

export interface SuppressionDeps {
  workers: WorkerStatusRepo;
  suppressions: SuppressionList;
}

/** The status a worker record shows for a suppressed address (a complaint reads as unsubscribed). */
export function workerStatusFor(reason: SuppressionReason): Exclude<WorkerStatus, 'active'> {
  return reason === 'bounced' ? 'bounced' : 'unsubscribed';
}

/**
 * Stops an account mailing an address: the address goes on the account's suppression list (which
 * every send checks), and each of the account's worker records of it is marked, so the workers
 * screen shows it on every record, not only the one a link was made for. `refs`, when the caller
 * has already looked the address up, saves a second read. Answers how many records changed.
 */
export async function suppressAddress(
  input: {
    tenant: TenantId;
    email: string;
    reason: SuppressionReason;
    at: string;
    refs?: WorkerAddressRef[];
  },
  deps: SuppressionDeps,
): Promise<number> {
  const email = input.email.trim().toLowerCase();
  await deps.suppressions.add(input.tenant, email, input.reason, input.at);
  const refs = input.refs ?? (await deps.workers.findByEmail(email));
  let marked = 0;
  for (const ref of refs.filter((r) => r.tenant === input.tenant))
    if (
      await deps.workers.markIfActive(
        input.tenant,
        ref.workerId,
        email,
        workerStatusFor(input.reason),
        input.at,
      )
    )
      marked += 1;
  return marked;
}
