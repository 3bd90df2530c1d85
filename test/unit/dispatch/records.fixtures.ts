import type { RecordRepo, RecordsStore } from '../../../lambdas/core/records/records.ports';
import type { Jobsite, Worker } from '../../../shared/records';
import type { Rule } from '../../../shared/weather/rule';
import { jobsite } from '../email/fakes';

/** An active worker on no crew, stamped `at`: the recipient the dispatch tests notify. */
export function testWorker(
  fields: Pick<Worker, 'id' | 'name' | 'email'> & Partial<Worker>,
  at: string,
): Worker {
  return {
    phone: null,
    trade: null,
    crewIds: [],
    isManager: false,
    status: 'active',
    createdAt: at,
    updatedAt: at,
    ...fields,
  };
}

/** The crane preset's gust limit (30 mph = 48.28 km/h), the rule the dispatch tests judge. */
export const CRANE_GUSTS: Rule = {
  id: 'gusts',
  metric: 'wind_gusts',
  op: '>=',
  threshold: 48.28,
  label: 'the crane gust limit',
};

/**
 * An active Chicago jobsite stamped `at`, worked Monday to Friday 07:00–17:00 with one same-day notice at
 * 05:00 and the crane gust rule, notifying no one until `fields` says.
 */
export function testJobsite(
  fields: Pick<Jobsite, 'id' | 'name' | 'latitude' | 'longitude'> & Partial<Jobsite>,
  at: string,
): Jobsite {
  const sameDayAtFive = [{ time: '05:00', forDay: 'same' as const }];
  return jobsite({
    noticeTimes: sameDayAtFive,
    rules: [CRANE_GUSTS],
    createdAt: at,
    updatedAt: at,
    ...fields,
  });
}

/** A repository holding `items` (every tenant's, or per tenant): reads find them, writes change nothing. */
export function fixedRepo<T extends { id: string }>(
  items: readonly T[] | ReadonlyMap<string, readonly T[]>,
): RecordRepo<T & never> {
  const of = (tenantId: string): readonly T[] => ('get' in items ? (items.get(tenantId) ?? []) : items);
  return {
    list: async (t) => of(t) as never,
    get: async (t, id) => (of(t).find((i) => i.id === id) ?? null) as never,
    create: async () => undefined,
    replace: async () => true,
    remove: async () => undefined,
  };
}

/** The records the dispatch reads: these jobsites and workers, no clients or crews. */
export function fixedRecords(
  jobsites: readonly Jobsite[] | ReadonlyMap<string, readonly Jobsite[]>,
  workers: readonly Worker[] | ReadonlyMap<string, readonly Worker[]>,
): RecordsStore {
  return {
    clients: fixedRepo([]),
    crews: fixedRepo([]),
    jobsites: { ...fixedRepo(jobsites), createWithin: async () => undefined },
    workers: { ...fixedRepo(workers), importMany: async () => 'written' as const },
  };
}

/** The account every dispatch test's jobsites belong to: on Premium, with no stored profile. */
export const PREMIUM_ACCOUNT = {
  getSubscription: async () => ({ plan: 'premium', status: 'active' }) as never,
  getProfile: async () => null,
};
