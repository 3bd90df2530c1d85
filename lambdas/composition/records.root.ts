import { createRecordsStore } from '../adapters/dynamo/records.repo';
import type { RecordsStore } from '../core/records/records.ports';
import { membersBuiltOnFirstUse } from './built-on-first-use';
import type { RaincheckService } from '../adapters/dynamo/service';

/** Every member of the records store: a member added to RecordsStore and not here fails to compile. */
const RECORDS_MEMBERS = {
  clients: true,
  crews: true,
  workers: true,
  jobsites: true,
  idempotency: true,
} satisfies Record<keyof RecordsStore, true>;

/** The records store (its repositories reach their entities as they are built): on first use. */
export function recordsOnFirstUse(db: RaincheckService): RecordsStore {
  return membersBuiltOnFirstUse(Object.keys(RECORDS_MEMBERS) as (keyof RecordsStore)[], () =>
    createRecordsStore(db),
  );
}
