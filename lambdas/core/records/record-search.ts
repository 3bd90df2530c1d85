import type { Client, Jobsite, Worker } from '../../../shared/records';
import type { StoredCrew } from './records.ports';

/**
 * What a record list searches and how the table keeps a tenant's records in name order (issue 26
 * item 9): each jobsite, worker, client and crew item carries `nameKey` (its name folded for sorting, then
 * its id) and `searchText` (its searchable fields, lower-cased), so a page in name order and a search
 * are read from an index with a cursor instead of reading the account's whole collection.
 */

/** The fields a search looks in, per record type (case-insensitive, any field containing the text). */
export const SEARCH_FIELDS = {
  jobsite: (j: Jobsite) => [j.name, j.address, j.timezone],
  worker: (w: Worker) => [w.name, w.email, w.phone, w.trade],
  client: (c: Client) => [c.name, c.contactName, c.email, c.phone, c.address],
  crew: (c: StoredCrew) => [c.name, c.notes],
} as const;

/**
 * Between fields in `searchText`: a control character no search text holds (the query is trimmed
 * and typed into a box), so a match never spans two fields.
 */
const FIELD_SEPARATOR = '\u0001';

/** The searchable fields as one lower-cased string (DynamoDB's `contains` is case-sensitive). */
export function searchTextOf(values: readonly (string | null | undefined)[]): string {
  return values
    .filter((v): v is string => !!v)
    .map((v) => v.toLowerCase())
    .join(FIELD_SEPARATOR);
}

/**
 * Characters of the folded name the sort key keeps: names sharing a longer head are ordered by id
 * after it. Short enough that a cursor holding the key stays under the query's 512 characters.
 */
export const NAME_KEY_CHARS = 60;

/**
 * The name as the index orders it, then the id (ties by id, as in memory). Lower-cased with accents
 * taken off, so "Émile" sorts with "emile" as `localeCompare` puts it, and ended by a character
 * below any in a name, so "Oak" comes before "Oak Street" (a plain `#` separator would invert them).
 */
export function nameKeyOf(name: string, id: string): string {
  const folded = name
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');
  return `${Array.from(folded).slice(0, NAME_KEY_CHARS).join('')}${FIELD_SEPARATOR}${id}`;
}

/** The two index attributes of a record item. */
export function nameIndexed(name: string, id: string, searchable: readonly (string | null | undefined)[]) {
  return { nameKey: nameKeyOf(name, id), searchText: searchTextOf(searchable) };
}

/**
 * The documented bound of a search (docs/benchmarks.md, "Large accounts"): one request reads at most
 * `calls` index pages of `recordsPerCall` records each. When that runs out before the page is full,
 * the page comes back short (maybe empty) with a cursor that resumes where the reading stopped; the
 * web list asks for the next page itself while a search page is empty.
 */
export const SEARCH_BOUND = { calls: 4, recordsPerCall: 1000 } as const;
