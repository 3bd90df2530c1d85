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
 * Here the records are read whole and the cursor is the offset into the sorted, filtered list, bound
 * to the query it came from; pages in name order are read from the table instead (`keyCursor`).
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
  return encode({ o: offset, f: fingerprint(query) });
}

function readCursor(cursor: string, query: ListQuery): number {
  const parsed = decode(cursor);
  if (Number.isSafeInteger(parsed.o) && (parsed.o as number) >= 0 && parsed.f === fingerprint(query))
    return parsed.o as number;
  throw invalidCursor();
}

/**
 * The cursor of a page read from the table: the index key to resume after (`k`), bound to the query
 * by a short hash of it (the search text can be 120 characters; the cursor must stay under 512).
 */
export const keyCursor = {
  write: (key: string, query: ListQuery): string => encode({ k: key, h: fingerprintHash(query) }),
  /** The key to resume after, null without a cursor; 400 for a cursor of another query or kind. */
  read: (cursor: string | undefined, query: ListQuery): string | null => {
    if (!cursor) return null;
    const parsed = decode(cursor);
    if (typeof parsed.k === 'string' && parsed.k && parsed.h === fingerprintHash(query)) return parsed.k;
    throw invalidCursor();
  },
};

/** FNV-1a over the fingerprint: binds a cursor to its query (not a secret; the tenant is the token's). */
function fingerprintHash(query: ListQuery): string {
  let hash = 0x811c9dc5;
  for (const ch of fingerprint(query)) {
    hash ^= ch.codePointAt(0)!;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}

const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

function decode(cursor: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (parsed && typeof parsed === 'object') return parsed as Record<string, unknown>;
  } catch {
    // fall through to the error below
  }
  throw invalidCursor();
}

const invalidCursor = () => new ValidationError('cursor', 'Cursor is not valid for this query');
