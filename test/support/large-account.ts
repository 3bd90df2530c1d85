import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { TenantId } from '../../lambdas/core/caller';
import type { RecordsStore, StoredCrew } from '../../lambdas/core/records/records.ports';
import { mapWithConcurrency } from '../../shared/concurrency';
import type { Jobsite, Worker } from '../../shared/records';
import { jobsiteRecord } from './jobsite-record';

/**
 * One large account seeded through the records repositories (the same writes the API makes: email
 * guards, the jobsite counter, notice slots), and a counter of the DynamoDB calls and items a request
 * costs. Used by the large-account integration test and `npm run bench:large`.
 */

/** DynamoDB calls and the items they read (evaluated, for a filtered query), counted on the client. */
export interface DynamoCallCounter {
  calls: number;
  itemsRead: number;
  byCommand: Record<string, number>;
  reset(): void;
}

export function countDynamoCalls(client: DynamoDBDocumentClient): DynamoCallCounter {
  const counter: DynamoCallCounter = {
    calls: 0,
    itemsRead: 0,
    byCommand: {},
    reset() {
      counter.calls = 0;
      counter.itemsRead = 0;
      counter.byCommand = {};
    },
  };
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const name = context.commandName ?? 'unknown';
      counter.calls += 1;
      counter.byCommand[name] = (counter.byCommand[name] ?? 0) + 1;
      const result = await next(args);
      const out = result.output as {
        ScannedCount?: number;
        Count?: number;
        Item?: unknown;
        Responses?: Record<string, unknown[]> | unknown[];
      };
      const batched = out.Responses && !Array.isArray(out.Responses) ? Object.values(out.Responses) : [];
      counter.itemsRead +=
        (out.ScannedCount ?? out.Count ?? 0) + (out.Item ? 1 : 0) + batched.reduce((n, r) => n + r.length, 0);
      return result;
    },
    { step: 'initialize', name: 'largeAccountCallCounter' },
  );
  return counter;
}

/** An app answering requests in this process (the api or the public-api Lambda's Hono app). */
export type InProcessApp = { request: (path: string, init?: RequestInit) => Response | Promise<Response> };

/** One request through an in-process app, with the DynamoDB calls and items it cost and its time. */
export async function measuredRequest(
  counter: DynamoCallCounter,
  app: InProcessApp,
  path: string,
  init: RequestInit = {},
) {
  counter.reset();
  const started = performance.now();
  const res = await app.request(path, init);
  const text = await res.text();
  // A 204 (a delete) has no body.
  const body = (text ? JSON.parse(text) : null) as any;
  const ms = performance.now() - started;
  return {
    status: res.status,
    body,
    ms,
    calls: counter.calls,
    itemsRead: counter.itemsRead,
    byCommand: counter.byCommand,
  };
}

/** A JSON POST as the SPA sends it. */
export const jsonPost = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

/** Names that spread over the alphabet, with shared heads, accents and spaces as real lists have. */
const FIRST = ['Ana', 'Émile', 'Oak', 'Zoë', 'bo', 'Carl', 'Dana', 'Ike', 'Lu', 'Mo', 'Oak Street', 'Ñora'];
const LAST = ['Silva', 'Ng', 'Okafor', 'Berg', 'de la Cruz', 'Yoon', 'Ávila', 'Kowalski'];
export const nameFor = (i: number) =>
  `${FIRST[i % FIRST.length]} ${LAST[Math.floor(i / FIRST.length) % LAST.length]} ${i}`;

export interface SeededAccount {
  crewIds: string[];
  workerIds: string[];
  jobsiteIds: string[];
}

/** Repeats a write that lost a transaction conflict (parallel seeding shares the jobsite counter). */
async function retried<T>(write: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (err) {
      const text = String((err as Error)?.message ?? err);
      if (attempt >= 8 || !/conflict|canceled|cancelled/i.test(text)) throw err;
    }
  }
}

/**
 * The stamps of the `i`th of `count` records: created within the last `count / 2` seconds in an order
 * that is neither the ids' nor the names' (pairs share a second, so ties are ordered by id), and
 * changed later by a spread of its own, so each sort gives its own order.
 */
function stampsOf(i: number, count: number, now: number) {
  const created = now - ((i * 7919) % Math.max(1, Math.ceil(count / 2))) * 1000;
  return {
    createdAt: new Date(created).toISOString(),
    updatedAt: new Date(created + ((i * 104729) % Math.max(1, count)) * 1000).toISOString(),
  };
}

/**
 * `workers` workers (every third in a crew, none with SMS), `jobsites` jobsites in Chicago with two
 * workers each, and `crews` crews, for `tenant`; their stamps spread (`stampsOf`).
 */
export async function seedLargeAccount(
  records: RecordsStore,
  tenant: TenantId,
  size: { workers: number; jobsites: number; crews: number; concurrency?: number; prefix?: string },
): Promise<SeededAccount> {
  const now = Date.now();
  const prefix = size.prefix ?? 'seed';
  const id = (kind: string, i: number) => `${prefix}-${kind}-${String(i).padStart(6, '0')}`;
  const concurrency = size.concurrency ?? 16;
  const crews: StoredCrew[] = Array.from({ length: size.crews }, (_, i) => ({
    id: id('crew', i),
    name: `Crew ${i}`,
    notes: null,
    hourlyRateCents: null,
    ...stampsOf(i, size.crews, now),
  }));
  await mapWithConcurrency(crews, concurrency, (c) => records.crews.create(tenant, c));
  const workers: Worker[] = Array.from({ length: size.workers }, (_, i) => ({
    id: id('worker', i),
    name: nameFor(i),
    email: `${prefix}.worker${i}@example.com`,
    phone: null,
    trade: i % 2 ? 'Carpenter' : 'Electrician',
    crewIds: crews.length && i % 3 === 0 ? [crews[i % crews.length]!.id] : [],
    isManager: false,
    smsOptIn: false,
    status: 'active',
    ...stampsOf(i, size.workers, now),
  }));
  await mapWithConcurrency(workers, concurrency, (w) => retried(() => records.workers.create(tenant, w)));
  const jobsites: Jobsite[] = Array.from({ length: size.jobsites }, (_, i) =>
    jobsiteRecord({
      id: id('jobsite', i),
      name: `${nameFor(i)} site`,
      address: `${100 + i} Main St`,
      latitude: 41.88 + (i % 50) / 100,
      longitude: -87.63 - (i % 40) / 100,
      noticeTimes: [{ time: '18:00', forDay: 'next' }],
      recipients: {
        workerIds: workers.length ? [workers[i % workers.length]!.id] : [],
        crewIds: [],
        notifyClient: false,
      },
      ...stampsOf(i, size.jobsites, now),
    }),
  );
  await mapWithConcurrency(jobsites, concurrency, (j) =>
    retried(() => records.jobsites.createWithin(tenant, j, null)),
  );
  return {
    crewIds: crews.map((c) => c.id),
    workerIds: workers.map((w) => w.id),
    jobsiteIds: jobsites.map((j) => j.id),
  };
}
