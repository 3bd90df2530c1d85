import { EXPIRES, requiredNumbers, requiredStrings, tableEntity, tableIndex } from './entity-kit';
import type { EntityConfig } from './table';

/**
 * The marker of one batch counted into its run record, written in the same transaction as the counts
 * and only if absent: a redelivered queue message adds nothing twice. Kept as long as the run.
 */
export function dispatchBatchEntity(config: EntityConfig) {
  return tableEntity(
    'dispatchBatch',
    {
      attributes: {
        ...requiredStrings('runId', 'countedAt'),
        ...requiredNumbers('batchNo', 'judged', 'failed'),
        ...EXPIRES,
      },
      indexes: {
        byRun: tableIndex(['runId'], ['batchNo']),
      },
    },
    config,
  );
}
