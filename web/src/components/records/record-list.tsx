import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { ListResponse } from '../../../../shared/records/list-query';
import { COMMON_SORTS, ListToolbar, useListParams, type SortOption } from './list-toolbar';
import { PagedList } from './paged-list';
import { RecordTable, type RecordTableProps } from './record-table';

type ListQuery<T> = UseInfiniteQueryResult<InfiniteData<ListResponse<T>>, Error>;

/**
 * A record screen's list: the search box and sort menu (kept in the URL), then the records a page at a
 * time as a table (cards on phones), the empty state, "no match" for a search, and "Show more".
 * `useRecords` is the record's list hook (`useClients`); the page keeps only its columns and words.
 */
export function RecordList<T extends { id: string }>({
  useRecords,
  noun,
  label = noun.charAt(0).toUpperCase() + noun.slice(1),
  searchLabel = `Search ${noun}`,
  placeholder,
  sorts = COMMON_SORTS,
  empty,
  ...table
}: Omit<RecordTableProps<T>, 'items' | 'label'> & {
  useRecords: (params: { q: string; sort: string }) => ListQuery<T>;
  /** Plural, lower case: "clients"; the list is named after it ("Clients", "Search clients") unless told. */
  noun: string;
  label?: string;
  searchLabel?: string;
  placeholder: string;
  sorts?: readonly SortOption[];
  /** What the list shows when the account has none at all. */
  empty: ReactNode;
}) {
  const list = useListParams(sorts);
  const query = useRecords({ q: list.q, sort: list.sort });
  return (
    <>
      <ListToolbar
        searchLabel={searchLabel}
        placeholder={placeholder}
        input={list.input}
        onInput={list.setInput}
        sort={list.sort}
        onSort={list.setSort}
        sorts={sorts}
      />
      <PagedList query={query} noun={noun} search={list.q} empty={empty}>
        {(items) => <RecordTable items={items} label={label} {...table} />}
      </PagedList>
    </>
  );
}
