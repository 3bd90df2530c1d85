import * as z from 'zod';

/** `GET /api/<records>?q=&sort=&limit=&cursor=`: the one list contract of every record type. */
export const LIST_LIMIT_DEFAULT = 50;
export const LIST_LIMIT_MAX = 200;

/** `?limit=`: a whole number from 1 to `max`, `fallback` when left out. */
export function limitParam(max: number, fallback: number) {
  return z.coerce
    .number({ message: 'Limit must be a number' })
    .int('Limit must be a whole number')
    .min(1, 'Limit must be at least 1')
    .max(max, `Limit must be at most ${max}`)
    .default(fallback);
}

export function listQuerySchema<const S extends readonly [string, ...string[]]>(sortFields: S) {
  const sorts = sortFields.flatMap((f) => [f, `-${f}`]) as [string, ...string[]];
  return z.object({
    q: searchParam(),
    sort: z.enum(sorts, { message: `Sort must be one of ${sorts.join(', ')}` }).default(sortFields[0]),
    limit: limitParam(LIST_LIMIT_MAX, LIST_LIMIT_DEFAULT),
    cursor: cursorParam(),
  });
}

/** `?q=`: a list's search text, trimmed, at most 120 characters. */
export const searchParam = () =>
  z.string().trim().max(120, 'Search must be at most 120 characters').optional();

/** `?cursor=`: the `nextCursor` of the page before (its meaning is checked where it is read). */
export const cursorParam = () => z.string().max(512, 'Cursor is not valid').optional();

export interface ListResponse<T> {
  items: T[];
  /** Pass back as `cursor` for the next page; null on the last page. */
  nextCursor: string | null;
}

/** The body of every 400: the first reason as `error`, every field's reason in `fields`. */
export interface ValidationErrorBody {
  error: string;
  field?: string;
  fields: Record<string, string>;
}
