import { keyCursor, listPage, type ListQuery } from '../../../lambdas/core/records/list-page';
import { listRecords } from '../../../lambdas/core/records/record-crud';
import { nameKeyOf, NAME_KEY_CHARS, searchTextOf } from '../../../lambdas/core/records/record-search';
import type { SortedPageQuery } from '../../../lambdas/core/records/records.ports';
import { tenantFromStore } from '../../../lambdas/core/caller';
import { ValidationError } from '../../../lambdas/core/errors';

const NAMES = [
  'Oak Street',
  'Oak',
  'oak',
  'Émile Zola',
  'emile Ash',
  'Zoë',
  'Ávila 2',
  'Avila 10',
  'de la Cruz',
  'Delta',
  'bo',
  'Bo Berg',
  'A-Team',
  'Ateam',
  '  spaced',
];
const records = NAMES.map((name, i) => ({ id: `id-${String(i).padStart(2, '0')}`, name }));

/** Byte order of the keys, as DynamoDB sorts a string sort key (UTF-8 bytes). */
const byteOrder = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));

describe('the name index key', () => {
  it('should order records as the in-memory list does when DynamoDB sorts the keys by their bytes', () => {
    const inMemory = listPage(records, { sort: 'name', limit: 100 }, (r) => [r.name]).items.map((r) => r.id);
    const byKey = [...records]
      .sort((a, b) => byteOrder(nameKeyOf(a.name, a.id), nameKeyOf(b.name, b.id)))
      .map((r) => r.id);

    expect(byKey).toEqual(inMemory);
  });

  it('should order names that differ only by their accents by id (their folded names are equal)', () => {
    const [first, second] = [nameKeyOf('Zoë', 'id-1'), nameKeyOf('zoe', 'id-2')];

    expect(byteOrder(first, second)).toBeLessThan(0);
  });

  it('should put a name before a longer name it starts (Oak before Oak Street) when a plain separator would not', () => {
    expect(byteOrder(nameKeyOf('Oak', 'z'), nameKeyOf('Oak Street', 'a'))).toBeLessThan(0);
  });

  it('should keep only the head of a long name and stay valid text when the name has characters outside the BMP', () => {
    const key = nameKeyOf('🏗'.repeat(100), 'id-1');

    expect(Array.from(key.split('\u0001')[0]!)).toHaveLength(NAME_KEY_CHARS);
    expect(Buffer.from(key, 'utf8').toString('utf8')).toBe(key);
  });
});

describe('the search text', () => {
  it('should hold every field lower-cased and skip the empty ones', () => {
    expect(searchTextOf(['Ana SILVA', null, undefined, 'Carpenter'])).toBe('ana silva\u0001carpenter');
  });
});

describe('a page read from the name index', () => {
  const tenant = tenantFromStore('tenant-1');
  const query: ListQuery = { sort: '-name', q: ' Oak ', limit: 2 };

  it('should ask the index after the cursor key, descending, for the lower-cased text, and answer a cursor bound to the query', async () => {
    const asked: SortedPageQuery[] = [];
    const repo = {
      list: async () => {
        throw new Error('a name page never reads the whole list');
      },
      indexedSorts: ['name'],
      sortedPage: async (_t: unknown, page: SortedPageQuery) => {
        asked.push(page);
        return { items: [], next: 'oak\u0001id-01' };
      },
    };

    const first = await listRecords(repo, tenant, query, () => []);
    await listRecords(repo, tenant, { ...query, cursor: first.nextCursor! }, () => []);

    expect(asked).toEqual([
      { field: 'name', after: null, descending: true, needle: 'oak', limit: 2 },
      { field: 'name', after: 'oak\u0001id-01', descending: true, needle: 'oak', limit: 2 },
    ]);
    expect(first.nextCursor!.length).toBeLessThanOrEqual(512);
  });

  it('should refuse (400 naming cursor) a cursor of another query or an offset cursor', () => {
    const cursor = keyCursor.write('oak\u0001id-01', query);
    const offset = listPage(records, { sort: 'name', limit: 1 }, (r) => [r.name]).nextCursor!;

    expect(() => keyCursor.read(cursor, { ...query, q: 'elm' })).toThrow(ValidationError);
    expect(() => keyCursor.read(offset, { sort: 'name', limit: 1 })).toThrow(ValidationError);
    expect(keyCursor.read(cursor, query)).toBe('oak\u0001id-01');
  });

  it('should keep a cursor under 512 characters when the key and the search are as long as they can be', () => {
    const key = nameKeyOf('語'.repeat(200), 'f'.repeat(64));
    const cursor = keyCursor.write(key, { sort: 'name', q: '語'.repeat(120), limit: 200 });

    expect(cursor.length).toBeLessThanOrEqual(512);
  });
});
