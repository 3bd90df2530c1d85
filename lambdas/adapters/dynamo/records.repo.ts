import type { Client } from '../../../shared/records';
import {
  jobsiteRefKey,
  type JobsiteRef,
  type RecordsStore,
  type StoredCrew,
} from '../../core/records/records.ports';
import { tenantFromStore } from '../../core/caller';
import { batchGet } from './batch-get';
import { tenantKey } from './tenant-keys';
import type { RaincheckService } from './service';
import { clientFromItem, clientItem, crewFromItem, crewItem } from './record-items';
import { indexesOf, recordRepo, tenantRecordReads } from './record-repo';
import { createWorkerRepo } from './workers.repo';
import { createJobsiteRepo } from './jobsites.repo';
import { DynamoIdempotencyStore } from './idempotency.repo';
import { TABLE_KEYS } from './entities/table';
import { usesBackfill } from './jobsite-uses';
import { createWithUseCount, removeUnused, type CountedKind } from './use-counts';
import type { TenantId } from '../../core/caller';

/** The four record types of a tenant (and the replay records of their creates) over the one table. */
export function createRecordsStore(db: RaincheckService): RecordsStore {
  const e = db.entities;
  const clients = recordRepo<Client>({
    ...tenantRecordReads(
      e.client,
      'clientId',
      clientFromItem,
      indexesOf(db, {
        kind: 'client',
        entity: e.client,
        idAttribute: 'clientId',
        gsis: {
          name: TABLE_KEYS.gsi1,
          createdAt: TABLE_KEYS.gsi2,
          updatedAt: TABLE_KEYS.gsi3,
        },
        fromItem: clientFromItem,
        toItem: clientItem,
      }),
    ),
    create: (tenantId, c) =>
      createWithUseCount(db, tenantId, 'client', c.id, (tx) =>
        tx.client.create(clientItem(tenantId, c)).commit(),
      ),
    putIfUnchanged: (tenantId, c, expected) =>
      e.client
        .put(clientItem(tenantId, c))
        .where((a, op) => op.eq(a.updatedAt, expected))
        .go(),
    remove: (tenantId, clientId) => e.client.delete({ tenantId, clientId }).go(),
  });
  const clientsOf = (refs: readonly JobsiteRef[]) =>
    batchGet(
      'clients',
      refs.map((r) => ({ tenantId: tenantKey(r.tenant).tenantId, clientId: r.id })),
      (keys) => e.client.get(keys).go(),
      clientFromItem,
      (client, item) => jobsiteRefKey({ tenant: tenantFromStore(item.tenantId), id: client.id }),
    );
  const crews = recordRepo<StoredCrew>({
    ...tenantRecordReads(
      e.crew,
      'crewId',
      crewFromItem,
      indexesOf(db, {
        kind: 'crew',
        entity: e.crew,
        idAttribute: 'crewId',
        gsis: {
          name: TABLE_KEYS.gsi1,
          createdAt: TABLE_KEYS.gsi2,
          updatedAt: TABLE_KEYS.gsi3,
        },
        fromItem: crewFromItem,
        toItem: crewItem,
      }),
    ),
    create: (tenantId, c) =>
      createWithUseCount(db, tenantId, 'crew', c.id, (tx) => tx.crew.create(crewItem(tenantId, c)).commit()),
    putIfUnchanged: (tenantId, c, expected) =>
      e.crew
        .put(crewItem(tenantId, c))
        .where((a, op) => op.eq(a.updatedAt, expected))
        .go(),
    remove: (tenantId, crewId) => e.crew.delete({ tenantId, crewId }).go(),
  });
  const backfill = usesBackfill(db);
  /** A client's or crew's delete, refused while a jobsite names it or a worker is in it (use-counts.ts). */
  const removedUnlessUsed = (kind: CountedKind) => ({
    removeUnused: async (tenant: TenantId, id: string) => {
      const { tenantId } = tenantKey(tenant);
      await backfill(tenantId);
      return removeUnused(db, tenantId, kind, id);
    },
  });
  return {
    clients: { ...clients, getMany: clientsOf, ...removedUnlessUsed('client') },
    crews: { ...crews, ...removedUnlessUsed('crew') },
    workers: createWorkerRepo(db),
    jobsites: createJobsiteRepo(db),
    idempotency: new DynamoIdempotencyStore(db),
  };
}
