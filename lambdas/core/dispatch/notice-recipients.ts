import type { Client, Jobsite, Worker } from '../../../shared/records';
import { workersOfJobsite } from '../../../shared/records/jobsite-people';
import type { TenantId } from '../caller';
import type { SuppressionReason, WorkerStatusRepo } from '../email/email.ports';
import { workerStatusFor } from '../email/suppression';
import type { MessageKind, NoticeRecipientRef } from './dispatch.ports';

/**
 * Who hears about a jobsite's day: its workers (named or through a crew) whose record is active,
 * and its client when asked; one message per address, none to an address on the account's
 * suppression list (unsubscribed, bounced or complained on any record).
 */
export function recipientsOf(
  jobsite: Jobsite,
  workers: readonly Worker[],
  client: Client | null,
  kind: MessageKind,
  verdict: string,
  suppressed: ReadonlyMap<string, SuppressionReason>,
): NoticeRecipientRef[] {
  // The foreman hears every notice of their jobsite: they are the one asked to confirm.
  const chosen = workersOfJobsite(jobsite, workers);
  const out: NoticeRecipientRef[] = chosen
    // Bounced and unsubscribed records get nothing more.
    .filter((w) => w.status === 'active')
    .map((w) => ({
      email: w.email,
      name: w.name,
      audience: w.isManager ? 'manager' : 'worker',
      workerId: w.id,
    }));
  const clientWants =
    client?.email &&
    (jobsite.recipients.notifyClient || (client.notifyNoWork && (verdict === 'full' || kind === 'allClear')));
  if (client?.email && clientWants)
    out.push({
      email: client.email,
      name: client.contactName ?? client.name,
      audience: 'client',
      workerId: null,
    });
  // One message per address, and none to an address on the account's suppression list.
  const seen = new Set<string>(suppressed.keys());
  return out.filter((r) => {
    const address = r.email.toLowerCase();
    return seen.has(address) ? false : (seen.add(address), true);
  });
}

/**
 * Keeps the workers screen right: a record added after its address was suppressed still reads
 * active; it is marked the first time a run meets it (the send is skipped either way).
 */
export async function markSuppressedWorkers(
  tenant: TenantId,
  workers: readonly Worker[],
  suppressed: ReadonlyMap<string, SuppressionReason>,
  now: Date,
  workerStatus: Pick<WorkerStatusRepo, 'markIfActive'> | undefined,
): Promise<void> {
  if (!workerStatus) return;
  for (const w of workers) {
    const reason = w.status === 'active' ? suppressed.get(w.email.toLowerCase()) : undefined;
    if (reason)
      await workerStatus.markIfActive(tenant, w.id, w.email, workerStatusFor(reason), now.toISOString());
  }
}
