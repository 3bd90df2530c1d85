import type { TenantId } from '../caller';
import { ConflictError, NotFoundError, ValidationError } from '../errors';
import type { RecordRepo, StoredRecord } from './records.ports';

/** The record, or the 404 that an unknown id and another tenant's id both get. */
export async function mustGet<T extends StoredRecord>(
  repo: RecordRepo<T>,
  tenant: TenantId,
  id: string,
  noun: string,
): Promise<T> {
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

/** Refuses (400) references to records the tenant does not have, naming the field. */
export async function assertReferences(
  field: string,
  ids: readonly string[],
  load: () => Promise<readonly { id: string }[]>,
  noun: string,
): Promise<void> {
  if (ids.length === 0) return;
  const known = new Set((await load()).map((r) => r.id));
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
