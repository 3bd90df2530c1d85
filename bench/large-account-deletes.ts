import type { TenantId } from '../lambdas/core/caller';
import type { RecordsStore } from '../lambdas/core/records/records.ports';
import type { SeededAccount } from '../test/support/large-account';
import { jobsiteRecord } from '../test/support/jobsite-record';
import { clientRecord } from '../test/support/client-record';

/** A DELETE the large-account benchmark measures, and the status it must answer. */
export interface DeleteOp {
  name: string;
  app: 'api';
  status: number;
  request: (rep: number) => { path: string; init: RequestInit };
}

const DELETE: RequestInit = { method: 'DELETE' };

/**
 * The delete rows of `bench/large-accounts.ts` (issue 26 item 9, branch deletes), and the records
 * they take away: one per repetition of both variants and their unmeasured first requests
 * (`2 × repeats + 1`), made through the repositories as the API would. The refused client delete
 * repeats on one client that three jobsites use; the worker deletes take seeded workers each named
 * by one jobsite (jobsite `i` names worker `i`), from the last jobsite's worker down, and the
 * jobsite deletes seeded jobsites from the first up, so no row touches another's records.
 */
export async function deleteOps(
  records: RecordsStore,
  tenant: TenantId,
  seeded: SeededAccount,
  repeats: number,
): Promise<DeleteOp[]> {
  const count = 2 * repeats + 1;
  const stamps = { createdAt: new Date().toISOString(), updatedAt: new Date().toISOString() };
  const ids = (kind: string) => Array.from({ length: count }, (_, i) => `bench-delete-${kind}-${i}`);
  const clientIds = ids('client');
  const crewIds = ids('crew');
  const client = (id: string, name: string) => clientRecord({ id, name, ...stamps });
  await Promise.all([
    ...clientIds.map((id, i) => records.clients.create(tenant, client(id, `Unused client ${i}`))),
    ...crewIds.map((id, i) =>
      records.crews.create(tenant, {
        id,
        name: `Unused crew ${i}`,
        notes: null,
        hourlyRateCents: null,
        ...stamps,
      }),
    ),
    records.clients.create(tenant, client('bench-delete-busy-client', 'Busy client')),
  ]);
  for (const i of [0, 1, 2])
    await records.jobsites.createWithin(
      tenant,
      jobsiteRecord({
        id: `bench-delete-busy-site-${i}`,
        name: `Busy site ${i}`,
        clientId: 'bench-delete-busy-client',
        ...stamps,
      }),
      null,
    );
  const lastNamed = Math.min(seeded.jobsiteIds.length, seeded.workerIds.length) - 1;
  const rows: { name: string; path: (rep: number) => string; status: number }[] = [
    { name: 'client delete (unused)', path: (rep) => `/api/clients/${clientIds[rep]}`, status: 204 },
    {
      name: 'client delete refused (3 jobsites use it)',
      path: () => '/api/clients/bench-delete-busy-client',
      status: 409,
    },
    { name: 'crew delete (no members, unused)', path: (rep) => `/api/crews/${crewIds[rep]}`, status: 204 },
    {
      name: 'worker delete (named by 1 jobsite)',
      path: (rep) => `/api/workers/${seeded.workerIds[lastNamed - rep]}`,
      status: 204,
    },
    {
      name: 'jobsite delete (1 worker)',
      path: (rep) => `/api/jobsites/${seeded.jobsiteIds[rep]}`,
      status: 204,
    },
  ];
  return rows.map(({ name, path, status }) => ({
    name,
    app: 'api' as const,
    status,
    request: (rep: number) => ({ path: path(rep), init: DELETE }),
  }));
}
