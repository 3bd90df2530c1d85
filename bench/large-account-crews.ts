import type { SeededAccount } from '../test/support/large-account';
import type { DeleteOp } from './large-account-deletes';

const json = (method: string, body: unknown): RequestInit => ({
  method,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

/** The seeded worker `offset` of the way down the list, then every third (the seed's crew pattern). */
function seededWorker(seeded: SeededAccount, share: number, inCrew: boolean, rep: number): string {
  const from = Math.floor((seeded.workerIds.length * share) / 3) * 3 + (inCrew ? 0 : 1);
  return seeded.workerIds[from + 3 * rep]!;
}

/**
 * The rows of `bench/large-accounts.ts` that move a crew's members (branch crewrace): a crew delete
 * refused for its members, a worker joining a crew, a worker in a crew deleted, and an import of 20
 * workers into one crew. The seed puts every third worker in a crew (crew `i % 50`), and jobsite `i`
 * names worker `i`; the workers taken here are far past the jobsites and the other rows' workers.
 */
export function crewOps(seeded: SeededAccount): DeleteOp[] {
  const crew = seeded.crewIds.length - 1;
  return [
    {
      name: 'crew delete refused (every third worker of 50 crews in it)',
      app: 'api',
      status: 409,
      request: () => ({ path: `/api/crews/${seeded.crewIds[crew]}`, init: { method: 'DELETE' } }),
    },
    {
      name: 'worker update (joins 1 crew)',
      app: 'api',
      status: 200,
      request: (rep) => ({
        path: `/api/workers/${seededWorker(seeded, 0.4, false, rep)}`,
        init: json('PUT', { crewIds: [seeded.crewIds[crew - 1]] }),
      }),
    },
    {
      name: 'worker delete (in 1 crew)',
      app: 'api',
      status: 204,
      request: (rep) => ({
        path: `/api/workers/${seededWorker(seeded, 0.6, true, rep)}`,
        init: { method: 'DELETE' },
      }),
    },
    {
      name: 'workers import (20 new rows, 1 crew)',
      app: 'api',
      status: 201,
      request: (rep) => ({
        path: '/api/workers/import',
        init: {
          method: 'POST',
          headers: { 'content-type': 'text/csv' },
          body: [
            'name,email,trade,crews,manager',
            ...Array.from(
              { length: 20 },
              (_, i) =>
                `Imported ${rep} ${i},imported.${Date.now()}.${rep}.${i}@example.com,,Crew ${crew - 2},no`,
            ),
          ].join('\n'),
        },
      }),
    },
  ];
}
