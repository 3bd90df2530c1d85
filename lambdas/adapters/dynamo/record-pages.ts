import type { NamePageQuery, StoredRecord } from '../../core/records/records.ports';
import { SEARCH_BOUND } from '../../core/records/record-search';

/** The one filter operation a search uses (ElectroDB's `op.contains`). */
type ContainsOp = { contains(attribute: unknown, value: string): string };

/** A query of the name index, as far as a page needs it (ElectroDB's chain, loosely typed). */
interface NameQuery {
  where(filter: (attributes: { searchText: unknown }, op: ContainsOp) => string): NameQuery;
  go(options: { data: 'raw'; limit: number; order: 'asc' | 'desc'; pages: 1 }): Promise<unknown>;
}

/** What a page reads of a record entity with `byName` (table.ts) and gets by key in batches. */
export interface NameIndexedEntity<Item> {
  query: {
    byName(key: { tenantId: string }): NameQuery & {
      gt(key: { nameKey: string }): NameQuery;
      lt(key: { nameKey: string }): NameQuery;
    };
  };
  parse(response: unknown): { data: Item[] } | null;
  get(keys: Record<string, string>[]): { go(): Promise<{ data: Item[]; unprocessed: unknown[] }> };
}

/** What `go({ data: 'raw' })` answers: DynamoDB's own response under `data`. */
type Raw = { data: { Items?: Record<string, unknown>[]; LastEvaluatedKey?: Record<string, unknown> } };

/** How ElectroDB labels the attribute in the index's sort key (kept as written: casing 'none'). */
const NAME_KEY_LABEL = '#nameKey_';

/** The `nameKey` an index key holds, after ElectroDB's `$<entity>_1#nameKey_` prefix. */
function nameKeyIn(key: Record<string, unknown> | undefined, skField: string): string | null {
  const sk = key?.[skField];
  if (typeof sk !== 'string') return null;
  const at = sk.indexOf(NAME_KEY_LABEL);
  return at >= 0 ? sk.slice(at + NAME_KEY_LABEL.length) : null;
}

/**
 * A page in name order: one Query of `limit + 1` records (the extra one tells whether there is a
 * next page), or for a search up to SEARCH_BOUND.calls Queries filtered by `contains(searchText)`,
 * stopping when the page is full. Each call resumes after the last key read, so the cursor is always
 * a `nameKey`: the last record returned, or where a search's bound stopped it.
 */
export async function readNamePage<Item, T extends StoredRecord>(
  entity: NameIndexedEntity<Item>,
  skField: string,
  tenantId: string,
  page: NamePageQuery,
  fromItem: (item: Item) => T,
): Promise<{ items: T[]; next: string | null }> {
  const found: Item[] = [];
  let after = page.after;
  const calls = page.needle ? SEARCH_BOUND.calls : Number.POSITIVE_INFINITY;
  for (let call = 0; call < calls; call++) {
    const byName = entity.query.byName({ tenantId });
    let query: NameQuery = after ? byName[page.descending ? 'lt' : 'gt']({ nameKey: after }) : byName;
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
      return {
        items: items.map(fromItem),
        next: (items.at(-1) as { nameKey?: string } | undefined)?.nameKey ?? null,
      };
    }
    after = nameKeyIn(raw.LastEvaluatedKey, skField);
    if (!after) return { items: found.map(fromItem), next: null };
  }
  // The search's bound ran out first: a short page, resumed where the reading stopped.
  return { items: found.map(fromItem), next: after };
}

/** Keys one BatchGetItem call takes. */
const BATCH_GET_KEYS = 100;

/** Of `ids`, those the tenant has: BatchGetItem, 100 keys a call, whatever the account's size. */
export async function existingIds<Item>(
  entity: Pick<NameIndexedEntity<Item>, 'get'>,
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
