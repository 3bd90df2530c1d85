import type { Worker } from '../../../shared/records';

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
