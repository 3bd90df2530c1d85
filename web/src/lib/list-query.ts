import type { ListResponse } from '../../../shared/records/list-query';

/** What a record list screen asks for: search text and one sort key (`name`, `-createdAt`, …). */
export interface ListParams {
  q?: string;
  sort?: string;
  limit?: number;
  cursor?: string;
}

/** `/api/clients?q=…&sort=…&limit=…&cursor=…`, leaving out what is empty. */
export function listPath(base: string, params: ListParams = {}): string {
  const search = new URLSearchParams();
  if (params.q?.trim()) search.set('q', params.q.trim());
  if (params.sort) search.set('sort', params.sort);
  if (params.limit) search.set('limit', String(params.limit));
  if (params.cursor) search.set('cursor', params.cursor);
  const query = search.toString();
  return query ? `${base}?${query}` : base;
}

/** Pages through a list until its end (at most `maxPages` of 200): the option lists of the forms. */
export async function fetchAllPages<T>(
  fetchPage: (cursor: string | undefined) => Promise<ListResponse<T>>,
  maxPages = 20,
): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < maxPages; page++) {
    const result = await fetchPage(cursor);
    items.push(...result.items);
    if (!result.nextCursor) break;
    cursor = result.nextCursor;
  }
  return items;
}

/** Rows per page on the list screens, and per request for option lists. */
export const PAGE_SIZE = 50;
export const ALL_PAGE_SIZE = 200;
