import { EXPIRES, requiredNumbers, requiredStrings, entityOf, tableIndex } from './entity-kit';

/**
 * The marker of one batch counted into its run record, written in the same transaction as the counts
 * and only if absent: a redelivered queue message adds nothing twice. Kept as long as the run.
 */
export const dispatchBatchEntity = entityOf('dispatchBatch', {
  attributes: {
    ...requiredStrings('runId', 'countedAt'),
    ...requiredNumbers('batchNo', 'judged', 'failed'),
    ...EXPIRES,
  },
  indexes: {
    byRun: tableIndex(['runId'], ['batchNo']),
  },
});
