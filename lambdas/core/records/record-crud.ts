import type { z } from 'zod';
import type { ListResponse } from '../../../shared/records';
import type { TenantId } from '../caller';
import { ConflictError, NotFoundError, ValidationError } from '../errors';
import type { Clock, IdGenerator } from '../runtime.ports';
import { parseWith } from '../validate';
import { assertKnownIdShape } from '../known-id';
import { keyCursor, listPage, type ListQuery } from './list-page';
import type { RecordRepo, StoredRecord } from './records.ports';

/**
 * A page of the tenant's records, searched in the fields `searchable` names. In an order the store
 * keeps an index of (name, the lists' default, and the stamps) it is read from that index after the
 * cursor's key, whatever the account's size; other sorts page the whole collection in memory.
 */
export async function listRecords<T extends StoredRecord>(
  repo: Pick<RecordRepo<T>, 'list' | 'indexedSorts' | 'sortedPage'>,
  tenant: TenantId,
  query: ListQuery,
  searchable: (record: T) => (string | null | undefined)[],
): Promise<ListResponse<T>> {
  const descending = query.sort.startsWith('-');
  const field = descending ? query.sort.slice(1) : query.sort;
  if (!repo.sortedPage || !repo.indexedSorts?.includes(field))
    return listPage(await repo.list(tenant), query, searchable);
  const page = await repo.sortedPage(tenant, {
    field,
    after: keyCursor.read(query.cursor, query),
    descending,
    needle: query.q?.trim().toLowerCase() ?? '',
    limit: query.limit,
  });
  return { items: page.items, nextCursor: page.next ? keyCursor.write(page.next, query) : null };
}

/** `patch` over the stored record's own fields, checked again as a whole (400 naming the field). */
export function mergePatch<S extends z.ZodType>(schema: S, stored: StoredRecord, patch: object): z.output<S> {
  const { id: _id, createdAt: _c, updatedAt: _u, ...fields } = stored;
  return parseWith(schema, { ...fields, ...patch });
}

/** The next version of `stored`: its id and creation kept, changed now. */
export function nextVersion<F extends object>(fields: F, stored: StoredRecord, clock: Clock) {
  return { ...fields, id: stored.id, createdAt: stored.createdAt, updatedAt: clock.now().toISOString() };
}

/** A new record of `fields`: the server picks its id, created and changed now. */
export function newRecord<F extends object>(fields: F, deps: { clock: Clock; ids: IdGenerator }) {
  const now = deps.clock.now().toISOString();
  return { ...fields, id: deps.ids.next(), createdAt: now, updatedAt: now };
}

/** The record, or the 404 that an unknown id and another tenant's id both get. */
export async function mustGet<T extends StoredRecord>(
  repo: RecordRepo<T>,
  tenant: TenantId,
  id: string,
  noun: string,
): Promise<T> {
  assertKnownIdShape(id, `${noun} not found`);
  const record = await repo.get(tenant, id);
  if (!record) throw new NotFoundError(`${noun} not found`);
  return record;
}

/** Writes `next` over `stored` unless someone changed it since it was read (409, nothing written). */
export async function replaceChecked<T extends StoredRecord>(
  repo: RecordRepo<T>,
  tenant: TenantId,
  stored: T,
  next: T,
  noun: string,
): Promise<T> {
  if (await repo.replace(tenant, next, stored.updatedAt)) return next;
  if (!(await repo.get(tenant, stored.id))) throw new NotFoundError(`${noun} not found`);
  throw new ConflictError(`${noun} was changed by someone else. Reload it and try again.`);
}

/**
 * Refuses (400) references to records the tenant does not have, naming the field. Looks up only the
 * ids named (batched gets) when the repository can; otherwise reads its whole list.
 */
export async function assertReferences(
  field: string,
  ids: readonly string[],
  repo: Pick<RecordRepo<StoredRecord>, 'list' | 'existing'>,
  tenant: TenantId,
  noun: string,
): Promise<void> {
  if (ids.length === 0) return;
  const known = repo.existing
    ? await repo.existing(tenant, [...new Set(ids)])
    : new Set((await repo.list(tenant)).map((r) => r.id));
  const missing = ids.filter((id) => !known.has(id));
  if (missing.length) throw new ValidationError(field, `Unknown ${noun}: ${missing.join(', ')}`);
}

/** "A, B and 3 more" for 409 messages. */
export function nameList(names: readonly string[], max = 3): string {
  const shown = names.slice(0, max).map((n) => `"${n}"`);
  const rest = names.length - shown.length;
  if (rest > 0) return `${shown.join(', ')} and ${rest} more`;
  if (shown.length <= 1) return shown.join('');
  return `${shown.slice(0, -1).join(', ')} and ${shown.at(-1)}`;
}

export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : pluralForm}`;
}
