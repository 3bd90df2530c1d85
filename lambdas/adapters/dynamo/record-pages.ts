import type { SortedPageQuery, StoredRecord } from '../../core/records/records.ports';
import { SEARCH_BOUND } from '../../core/records/record-search';
import type { TableGsi } from './entities/table';

/** The one filter operation a search uses (ElectroDB's `op.contains`). */
type ContainsOp = { contains(attribute: unknown, value: string): string };

/** A query of an ordered index, as far as a page needs it (ElectroDB's chain, loosely typed). */
export interface OrderQuery {
  where(filter: (attributes: { searchText: unknown }, op: ContainsOp) => string): OrderQuery;
  go(options: { data: 'raw'; limit: number; order: 'asc' | 'desc'; pages: 1 }): Promise<unknown>;
}

/** An ElectroDB access pattern of a tenant's partition, with the range conditions a cursor needs. */
type TenantQuery = (key: { tenantId: string }) => OrderQuery & {
  gt(key: Record<string, string>): OrderQuery;
  lt(key: Record<string, string>): OrderQuery;
};

/** What a page reads of a record entity with ordered indexes (table.ts) and gets by key in batches. */
export interface OrderedEntity<Item> {
  query: Record<string, TenantQuery>;
  parse(response: unknown): { data: Item[] } | null;
  get(keys: Record<string, string>[]): { go(): Promise<{ data: Item[]; unprocessed: unknown[] }> };
}

/**
 * One order a page can be read in: the access pattern, the composite attributes of its sort key (the
 * cursor holds their values), and its GSI (whose sort key tells where a search's read stopped).
 */
export interface IndexOrder {
  access: string;
  composite: readonly string[];
  gsi: TableGsi;
}

/** Between the values of a cursor key (none of them holds it: dates, ids, folded names). */
const KEY_SEPARATOR = '\u0002';

/** The composite values in an index key, as ElectroDB writes them (`#<attribute>_<value>`, as written). */
function compositeValuesIn(sk: string, composite: readonly string[]): string[] | null {
  const values: string[] = [];
  let rest = sk;
  for (const [i, attribute] of composite.entries()) {
    const label = `#${attribute}_`;
    const at = rest.indexOf(label);
    if (at < 0) return null;
    rest = rest.slice(at + label.length);
    const next = composite[i + 1];
    const end = next === undefined ? rest.length : rest.indexOf(`#${next}_`);
    if (end < 0) return null;
    values.push(rest.slice(0, end));
    rest = rest.slice(end);
  }
  return values;
}

/** Raw responses: DynamoDB's own response under `data`. */
type Raw = { data: { Items?: Record<string, unknown>[]; LastEvaluatedKey?: Record<string, unknown> } };

/**
 * A page in one index order: one Query of `limit + 1` records (the extra one tells whether there is
 * a next page), or for a search up to SEARCH_BOUND.calls Queries filtered by `contains(searchText)`,
 * stopping when the page is full. Each call resumes after the last key read, so the cursor is always
 * an index key: the last record returned, or where a search's bound stopped it.
 */
export async function readIndexPage<Item, T extends StoredRecord>(
  entity: OrderedEntity<Item>,
  order: IndexOrder,
  tenantId: string,
  page: SortedPageQuery,
  fromItem: (item: Item) => T,
): Promise<{ items: T[]; next: string | null }> {
  const keyOf = (values: readonly string[]) => values.join(KEY_SEPARATOR);
  const found: Item[] = [];
  let after = page.after;
  const calls = page.needle ? SEARCH_BOUND.calls : Number.POSITIVE_INFINITY;
  for (let call = 0; call < calls; call++) {
    const byOrder = entity.query[order.access]!({ tenantId });
    const values = after?.split(KEY_SEPARATOR);
    let query: OrderQuery = values
      ? byOrder[page.descending ? 'lt' : 'gt'](
          Object.fromEntries(order.composite.map((attribute, i) => [attribute, values[i] ?? ''])),
        )
      : byOrder;
    if (page.needle) query = query.where((a, op) => op.contains(a.searchText, page.needle));
    const { data: raw } = (await query.go({
      data: 'raw',
      limit: page.needle ? SEARCH_BOUND.recordsPerCall : page.limit + 1 - found.length,
      order: page.descending ? 'desc' : 'asc',
      pages: 1,
    })) as Raw;
    found.push(...(entity.parse({ Items: raw.Items ?? [] })?.data ?? []));
    if (found.length > page.limit) {
      const items = found.slice(0, page.limit);
      const last = items.at(-1) as Record<string, string> | undefined;
      return {
        items: items.map(fromItem),
        next: last ? keyOf(order.composite.map((attribute) => String(last[attribute] ?? ''))) : null,
      };
    }
    const sk = raw.LastEvaluatedKey?.[order.gsi.sk];
    const stopped = typeof sk === 'string' ? compositeValuesIn(sk, order.composite) : null;
    after = stopped && keyOf(stopped);
    if (!after) return { items: found.map(fromItem), next: null };
  }
  // The search's bound ran out first: a short page, resumed where the reading stopped.
  return { items: found.map(fromItem), next: after };
}

/** Keys one BatchGetItem call takes. */
const BATCH_GET_KEYS = 100;

/** Of `ids`, those the tenant has: BatchGetItem, 100 keys a call, whatever the account's size. */
export async function existingIds<Item>(
  entity: Pick<OrderedEntity<Item>, 'get'>,
  idAttribute: string,
  tenantId: string,
  ids: readonly string[],
): Promise<Set<string>> {
  const found = new Set<string>();
  for (let i = 0; i < ids.length; i += BATCH_GET_KEYS) {
    const keys = ids.slice(i, i + BATCH_GET_KEYS).map((id) => ({ tenantId, [idAttribute]: id }));
    const { data, unprocessed } = await entity.get(keys).go();
    if (unprocessed.length) throw new Error('DynamoDB left keys of a batched read unprocessed');
    for (const item of data) found.add((item as Record<string, string>)[idAttribute]!);
  }
  return found;
}
