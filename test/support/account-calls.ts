import type { apiFor } from './accounts';

/**
 * One account's API calls for a test file. The account is made in `beforeAll`, after the file's
 * top level ran, so its token is read at each call.
 */
export function accountCalls(api: ReturnType<typeof apiFor>, account: () => { token: string }) {
  const as = (path: string, init: { method?: string; body?: object } = {}) =>
    api(path, { token: account().token, ...init });
  /** Every item of a list route (`/api/jobsites`, `/api/workers`...), all its pages. */
  const allOf = async <T = any>(list: string): Promise<T[]> => {
    const items: T[] = [];
    let cursor: string | null = null;
    do {
      const page = await as(`${list}?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      items.push(...page.body.items);
      cursor = page.body.nextCursor;
    } while (cursor);
    return items;
  };
  return {
    post: (path: string, body: object) => as(path, { body }),
    put: (path: string, body: object) => as(path, { method: 'PUT', body }),
    del: (path: string) => as(path, { method: 'DELETE' }),
    get: (path: string) => as(path),
    allOf,
  };
}

/** `name` with a random suffix, so parallel tests and repeated runs never share a record. */
export const uniqueName = (name: string) => `${name} ${Math.random().toString(36).slice(2, 8)}`;
