// Bench-only in-memory repositories and sender (the bench measures the dispatch, not DynamoDB/SES).
import type {
  ClaimRepo,
  Decision,
  DecisionRepo,
  MessageClaim,
  NoticeSender,
} from '../../lambdas/core/dispatch/dispatch.ports';
import { type NotifyDeps } from '../../lambdas/core/dispatch/notify-jobsites';
import type { RecordRepo, RecordsStore, StoredCrew } from '../../lambdas/core/records/records.ports';
import type { WeatherProvider } from '../../lambdas/core/weather/weather.ports';
import type { Tenant, World } from './world';

export interface Fakes {
  deps: NotifyDeps;
  decisions: Map<string, Decision>;
  sent: () => number;
}

/** Modelled I/O: each repository call waits `storeMs`, each send `sendMs` (0: in memory, no wait). */
export interface IoModel {
  storeMs: number;
  sendMs: number;
}

export const wait = (ms: number) => (ms > 0 ? new Promise<void>((r) => setTimeout(r, ms)) : undefined);

/** Every method of `target` (async functions) made to wait `ms` first. */
export function slowed<T extends object>(target: T, ms: number): T {
  if (ms <= 0) return target;
  const out = {} as Record<string, unknown>;
  for (const [k, v] of Object.entries(target)) {
    out[k] =
      typeof v === 'function'
        ? async (...a: unknown[]) => (await wait(ms), (v as (...x: unknown[]) => unknown)(...a))
        : v;
  }
  return out as T;
}

export function fakesFor(
  world: World,
  weather: WeatherProvider,
  asOf: Date,
  io: IoModel = { storeMs: 0, sendMs: 0 },
): Fakes {
  const tenantOf = (t: string) => world.tenants.get(t);
  const repo = <T extends { id: string; createdAt: string; updatedAt: string }>(
    list: (t: Tenant) => T[],
    get: (t: Tenant, id: string) => T | undefined,
  ): RecordRepo<T> => ({
    list: async (tenant) => {
      const t = tenantOf(tenant);
      return t ? list(t) : [];
    },
    get: async (tenant, id) => {
      const t = tenantOf(tenant);
      return (t && get(t, id)) ?? null;
    },
    create: async () => undefined,
    replace: async () => true,
    remove: async () => undefined,
  });
  const records: RecordsStore = {
    clients: repo(
      (t) => t.clients,
      (t, id) => t.clients.find((c) => c.id === id),
    ),
    crews: repo<StoredCrew>(
      () => [],
      () => undefined,
    ),
    workers: {
      ...repo(
        (t) => t.workers,
        (t, id) => t.workers.find((w) => w.id === id),
      ),
      importMany: async () => 'written' as const,
    },
    jobsites: {
      ...repo(
        (t) => [...t.jobsites.values()],
        (t, id) => t.jobsites.get(id),
      ),
      createWithin: async () => undefined,
    },
  };
  const decisions = new Map<string, Decision>();
  const claims = new Map<string, 'PENDING' | 'SENT'>();
  const claimKey = (c: MessageClaim) =>
    `${c.tenantId}|${c.jobsiteId}|${c.workDate}|${c.messageKey}|${c.recipient}`;
  const decisionRepo: DecisionRepo = {
    get: async (tenant, jobsiteId, workDate) => decisions.get(`${tenant}|${jobsiteId}|${workDate}`) ?? null,
    put: async (d) => void decisions.set(`${d.tenantId}|${d.jobsiteId}|${d.workDate}`, d),
    listRange: async () => [],
    mark: async () => false,
  };
  const claimRepo: ClaimRepo = {
    claim: async (c) => (claims.has(claimKey(c)) ? false : (claims.set(claimKey(c), 'PENDING'), true)),
    markSent: async (c) => void claims.set(claimKey(c), 'SENT'),
    release: async (c) => void claims.delete(claimKey(c)),
    listRecent: async () => [],
  };
  let sent = 0;
  const sender: NoticeSender = { send: async () => ({ messageId: `m-${++sent}` }) };
  const r = io.storeMs;
  return {
    deps: {
      records: {
        clients: slowed(records.clients, r),
        crews: slowed(records.crews, r),
        workers: slowed(records.workers, r),
        jobsites: slowed(records.jobsites, r),
      },
      accounts: slowed<NotifyDeps['accounts']>(
        {
          getSubscription: async (tenantId) => tenantOf(tenantId)?.subscription ?? null,
          getProfile: async (tenantId) => {
            const t = tenantOf(tenantId);
            return t
              ? {
                  userId: t.id,
                  email: `owner@${t.id}.example.com`,
                  name: null,
                  company: null,
                  units: t.units,
                  createdAt: null,
                }
              : null;
          },
        },
        r,
      ),
      weather,
      decisions: slowed(decisionRepo, r),
      claims: slowed(claimRepo, r),
      sender: slowed(sender, io.sendMs),
      suppressions: { reasonsOf: async () => new Map() },
      // No calendar set: the default (US) holidays, read from the bundle.
      holidays: { get: async () => null, put: async () => {} },
      clock: { now: () => asOf },
    },
    decisions,
    sent: () => sent,
  };
}
