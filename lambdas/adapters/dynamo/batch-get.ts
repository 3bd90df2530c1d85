import { tenantFromStore } from '../../core/caller';
import { tenantKey } from './tenant-keys';

/** One day of one jobsite of one account: the key of a decision, an observation. */
export interface JobsiteDayRef {
  tenantId: string;
  jobsiteId: string;
  workDate: string;
}

export const jobsiteDayKey = (d: JobsiteDayRef): string => `${d.tenantId}|${d.jobsiteId}|${d.workDate}`;

/**
 * Items by many keys in as few reads as DynamoDB allows: `read` is an ElectroDB batch get, which
 * splits the keys into BatchGetItem calls of 100 and retries what DynamoDB leaves unprocessed. The
 * values are keyed by `keyOf`; absent items are absent. Throws if DynamoDB still left some unread.
 */
export async function batchGet<Key, Item, T>(
  what: string,
  keys: readonly Key[],
  read: (keys: Key[]) => Promise<{ data: Item[]; unprocessed: unknown[] }>,
  fromItem: (item: Item) => T,
  keyOf: (value: T, item: Item) => string,
): Promise<Map<string, T>> {
  const found = new Map<string, T>();
  if (keys.length === 0) return found;
  const { data, unprocessed } = await read([...keys]);
  if (unprocessed.length > 0) throw new Error(`${unprocessed.length} ${what} left unread by DynamoDB`);
  for (const item of data) {
    const value = fromItem(item);
    found.set(keyOf(value, item), value);
  }
  return found;
}

/** Items of many jobsite days (decisions, observations), keyed `jobsiteDayKey`. */
export function batchGetDays<Item, T extends JobsiteDayRef>(
  what: string,
  days: readonly JobsiteDayRef[],
  read: (keys: JobsiteDayRef[]) => Promise<{ data: Item[]; unprocessed: unknown[] }>,
  fromItem: (item: Item) => T,
): Promise<Map<string, T>> {
  const keys = days.map((d) =>
    tenantKey(tenantFromStore(d.tenantId), { jobsiteId: d.jobsiteId, workDate: d.workDate }),
  );
  return batchGet(what, keys, read, fromItem, jobsiteDayKey);
}
