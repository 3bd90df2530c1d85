import { Entity } from 'electrodb';
import { SERVICE, TABLE_KEYS, type EntityConfig } from './table';

/**
 * The marker of one batch counted into its run record, written in the same transaction as the counts
 * and only if absent: a redelivered queue message adds nothing twice. Kept as long as the run.
 */
export function dispatchBatchEntity(config: EntityConfig) {
  return new Entity(
    {
      model: { entity: 'dispatchBatch', version: '1', service: SERVICE },
      attributes: {
        runId: { type: 'string', required: true },
        batchNo: { type: 'number', required: true },
        judged: { type: 'number', required: true },
        failed: { type: 'number', required: true },
        countedAt: { type: 'string', required: true },
        expiresAt: { type: 'number', field: TABLE_KEYS.ttl },
      },
      indexes: {
        byRun: {
          pk: { field: TABLE_KEYS.pk, composite: ['runId'] },
          sk: { field: TABLE_KEYS.sk, composite: ['batchNo'] },
        },
      },
    },
    config,
  );
}
