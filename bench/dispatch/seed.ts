// Seeding the bench world into DynamoDB Local for the real-path dispatch bench (bench/dispatch-real.ts).
import type { createAppRoot } from '../../lambdas/composition/app.root';
import { jobsiteItem, slotsOf } from '../../lambdas/adapters/dynamo/jobsites.repo';
import { workerItem } from '../../lambdas/adapters/dynamo/workers.repo';
import { clientItem, crewItem } from '../../lambdas/adapters/dynamo/record-items';
import { isPaidPlan } from '../../shared/plans';
import { mapWithConcurrency } from '../../shared/concurrency';
import { localClock } from '../../shared/notice-slots';
import type { World } from './world';

type Root = ReturnType<typeof createAppRoot>;

/** Writes items 100 a call (the entity's batch put: BatchWriteItem, 25 a request), 4 calls in flight. */
async function putAll<I>(items: I[], put: (chunk: I[]) => Promise<{ unprocessed: unknown[] }>) {
  const chunks: I[][] = [];
  for (let i = 0; i < items.length; i += 100) chunks.push(items.slice(i, i + 100));
  await mapWithConcurrency(chunks, 4, async (chunk) => {
    const { unprocessed } = await put(chunk);
    if (unprocessed.length) throw new Error(`${unprocessed.length} items left unwritten`);
  });
}

/**
 * Seeds the world in batches with the items the records repositories write: jobsites, their notice
 * slots and zones, crews, workers, clients; each account's profile and subscription; and each texting
 * worker's number with its consent given (as a YES reply leaves it). The guard and counter items of
 * the repositories' writes are left out (the dispatch reads none of them), so seeding 10,000
 * jobsites takes minutes, not an hour. Every jobsite's notice time is the slot's local time in its
 * zone, so all are due at `slot`. `accountsKnown` (`--accounts-known`): each account's roster item
 * as an account that lived with this release has it (a version per worker written, and 'none' for
 * its suppressions, which a first dispatch records); without it the first run is the first after the
 * release, which reads every account's suppressions once and records them. Answers the
 * milliseconds it took.
 */
export async function seedWorld(
  root: Root,
  world: World,
  slot: Date,
  accountsKnown = false,
): Promise<number> {
  const t0 = performance.now();
  const now = new Date().toISOString();
  const e = root.db.entities;
  const tenants = [...world.tenants.values()];
  const company = (id: string) => `Contractor ${id}`;
  await mapWithConcurrency(tenants, 16, async (t) => {
    await root.accounts.putProfile({
      userId: t.id,
      email: `owner@${t.id}.example.com`,
      name: `Owner of ${t.id}`,
      company: company(t.id),
      units: t.units,
      createdAt: now,
    });
  });
  const jobsites = tenants.flatMap((t) =>
    [...t.jobsites.values()].map((j) => {
      const { minuteOfDay } = localClock(slot, j.timezone);
      const time = `${String(Math.floor(minuteOfDay / 60)).padStart(2, '0')}:${String(minuteOfDay % 60).padStart(2, '0')}`;
      return { tenantId: t.id, jobsite: { ...j, noticeTimes: [{ time, forDay: 'next' as const }] } };
    }),
  );
  await putAll(
    tenants.map((t) => ({
      userId: t.id,
      plan: isPaidPlan(t.subscription.plan) ? t.subscription.plan : ('premium' as const),
      status: 'active' as const,
      billingCycle: 'monthly' as const,
      createdAt: now,
    })),
    (chunk) => e.subscription.put(chunk).go(),
  );
  await putAll(
    tenants.flatMap((t) => t.clients.map((c) => clientItem(t.id, c))),
    (chunk) => e.client.put(chunk).go(),
  );
  await putAll(
    tenants.flatMap((t) => (t.crews ?? []).map((c) => crewItem(t.id, c))),
    (chunk) => e.crew.put(chunk).go(),
  );
  await putAll(
    tenants.flatMap((t) => t.workers.map((w) => workerItem(t.id, w))),
    (chunk) => e.worker.put(chunk).go(),
  );
  await putAll(
    tenants.flatMap((t) =>
      t.workers.flatMap((w) =>
        w.phone && w.smsOptIn
          ? [
              {
                tenantId: t.id,
                phone: w.phone,
                state: 'on' as const,
                company: company(t.id),
                log: [
                  { at: now, event: 'asked', source: 'contractor' },
                  { at: now, event: 'yes', source: 'sms-reply', detail: 'YES' },
                ],
                version: 2,
              },
            ]
          : [],
      ),
    ),
    (chunk) => e.smsConsent.put(chunk).go(),
  );
  if (accountsKnown)
    await putAll(
      tenants.map((t) => ({ tenantId: t.id, workers: t.workers.length, suppressions: 'none' as const })),
      (chunk) => e.accountRoster.put(chunk).go(),
    );
  await putAll(
    jobsites.map((j) => jobsiteItem(j.tenantId, j.jobsite)),
    (chunk) => e.jobsite.put(chunk).go(),
  );
  await putAll(
    jobsites.flatMap((j) => slotsOf(j.tenantId, j.jobsite)),
    (chunk) => e.noticeSlot.put(chunk).go(),
  );
  await putAll(
    [...new Set(jobsites.map((j) => j.jobsite.timezone))].map((timezone) => ({ timezone })),
    (chunk) => e.zoneInUse.put(chunk).go(),
  );
  return performance.now() - t0;
}
