import type { ListResponse } from '../../../shared/records';
import { ValidationError } from '../errors';

export interface ListQuery {
  q?: string;
  sort: string;
  limit: number;
  cursor?: string;
}

/**
 * One page of a tenant's records: filtered by `q` (case-insensitive, over the fields `searchText`
 * returns), sorted by `sort` (`-` for descending, ties by id so pages never overlap), cut at `limit`.
 * A tenant's records of one kind are read whole (they number in the hundreds), so the cursor is the
 * offset into the sorted, filtered list, bound to the query it came from.
 */
export function listPage<T extends { id: string }>(
  records: readonly T[],
  query: ListQuery,
  searchText: (record: T) => (string | null | undefined)[],
): ListResponse<T> {
  const needle = query.q?.trim().toLowerCase() ?? '';
  const filtered = needle
    ? records.filter((r) => searchText(r).some((v) => v?.toLowerCase().includes(needle)))
    : [...records];
  const descending = query.sort.startsWith('-');
  const field = descending ? query.sort.slice(1) : query.sort;
  const value = (r: T) => String((r as Record<string, unknown>)[field] ?? '').toLowerCase();
  filtered.sort((a, b) => {
    const order = value(a).localeCompare(value(b)) || a.id.localeCompare(b.id);
    return descending ? -order : order;
  });
  const offset = query.cursor ? readCursor(query.cursor, query) : 0;
  const items = filtered.slice(offset, offset + query.limit);
  const next = offset + items.length;
  return { items, nextCursor: next < filtered.length ? writeCursor(next, query) : null };
}

function fingerprint(query: ListQuery): string {
  return `${query.sort}|${query.q?.trim().toLowerCase() ?? ''}`;
}

function writeCursor(offset: number, query: ListQuery): string {
  return Buffer.from(JSON.stringify({ o: offset, f: fingerprint(query) })).toString('base64url');
}

function readCursor(cursor: string, query: ListQuery): number {
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as {
      o?: unknown;
      f?: unknown;
    };
    if (Number.isSafeInteger(parsed.o) && (parsed.o as number) >= 0 && parsed.f === fingerprint(query))
      return parsed.o as number;
  } catch {
    // fall through to the error below
  }
  throw new ValidationError('cursor', 'Cursor is not valid for this query');
}
