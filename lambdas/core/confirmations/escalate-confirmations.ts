import { DEFAULT_ESCALATION_MINUTES, LIFE_SAFETY_ESCALATION_MINUTES } from '../../../shared/confirmations';
import type { AccountRepo } from '../account/account.ports';
import { tenantFromStore } from '../caller';
import { recipientsOf } from '../dispatch/notice-recipients';
import { workersForJobsite } from '../records/jobsite-workers';
import type { Mailer, SuppressionList } from '../email/email.ports';
import type { Logger } from '../observability.ports';
import type { RecordsStore } from '../records/records.ports';
import type { ConfirmationRepo, ConfirmationRequest, EscalationTexter } from './confirmation.ports';
import { escalationEmail, escalationWords } from './confirmation-emails';

export interface EscalationDeps {
  repo: ConfirmationRepo;
  records: Pick<RecordsStore, 'jobsites' | 'workers'>;
  accounts: Pick<AccountRepo, 'getProfile'>;
  suppressions: Pick<SuppressionList, 'reasonsOf'>;
  /** The account mailer (one message to every manager). */
  mailer: Mailer;
  appOrigin: string;
  /** The SMS side, wired at the merge with helper "sms"; absent, escalations go by email only. */
  texter?: EscalationTexter;
  log?: Logger;
}

export interface EscalationOutcome {
  escalated: number;
  failed: number;
  errors: string[];
}

/**
 * Who hears that a foreman was not reached: the jobsite's recipients marked manager (named or
 * through a crew, active, not suppressed) and the account's own address, never the foreman.
 */
async function managersOf(r: ConfirmationRequest, deps: EscalationDeps) {
  const tenant = tenantFromStore(r.tenantId);
  const [jobsite, profile, suppressed] = await Promise.all([
    deps.records.jobsites.get(tenant, r.jobsiteId),
    deps.accounts.getProfile(r.tenantId),
    deps.suppressions.reasonsOf(tenant),
  ]);
  const workers = jobsite ? await workersForJobsite(tenant, jobsite, deps.records.workers) : [];
  const managers = jobsite
    ? recipientsOf(jobsite, workers, null, 'notice', r.verdict, suppressed).filter(
        (x) => x.audience === 'manager',
      )
    : [];
  const foreman = r.foremanEmail.toLowerCase();
  const addresses = new Set<string>();
  for (const m of managers) addresses.add(m.email.toLowerCase());
  if (profile?.email && !suppressed.has(profile.email.toLowerCase()))
    addresses.add(profile.email.toLowerCase());
  addresses.delete(foreman);
  return {
    to: [...addresses],
    managerWorkerIds: managers
      .filter((m) => m.workerId && m.email.toLowerCase() !== foreman)
      .map((m) => m.workerId!),
    minutes: r.lifeSafety
      ? LIFE_SAFETY_ESCALATION_MINUTES
      : (jobsite?.escalationMinutes ?? DEFAULT_ESCALATION_MINUTES),
  };
}

/**
 * The sweep each dispatch run starts with: every unanswered request due by `at` is claimed (one
 * conditional write, so parallel or repeated runs escalate it once) and its managers get one email.
 * A failed send gives the claim back, so the next run tries again; a restart loses nothing (the
 * requests and claims are in the table, found by due time).
 */
export async function escalateDueConfirmations(deps: EscalationDeps, at: Date): Promise<EscalationOutcome> {
  const outcome: EscalationOutcome = { escalated: 0, failed: 0, errors: [] };
  for (const request of await deps.repo.listDue(at)) {
    const tenant = tenantFromStore(request.tenantId);
    try {
      const { to, managerWorkerIds, minutes } = await managersOf(request, deps);
      if (!(await deps.repo.claimEscalation(tenant, request.id, at.toISOString(), to))) continue;
      try {
        if (to.length)
          await deps.mailer.send(escalationEmail(request, to, { minutes, appOrigin: deps.appOrigin }));
      } catch (err) {
        await deps.repo.releaseEscalation(tenant, request.id);
        throw err;
      }
      outcome.escalated += 1;
      if (deps.texter && managerWorkerIds.length) {
        const words = escalationWords(request, minutes);
        await deps.texter
          .sendEscalation({
            tenantId: request.tenantId,
            requestId: request.id,
            jobsiteId: request.jobsiteId,
            jobsiteName: request.jobsiteName,
            workDate: request.workDate,
            verdict: request.verdict,
            managerWorkerIds,
            body: `${words.summary} ${words.action}`,
          })
          .catch((err) => deps.log?.error('escalation text failed', { error: String(err) }));
      }
    } catch (err) {
      outcome.failed += 1;
      outcome.errors.push(
        `Escalation of ${request.jobsiteName} (${request.workDate}): ${String((err as Error)?.message ?? err)}`,
      );
    }
  }
  if (outcome.escalated || outcome.failed) deps.log?.info('confirmations escalated', { ...outcome });
  return outcome;
}
