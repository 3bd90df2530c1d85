import { Button, Center, Stack, Text } from '@mantine/core';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import type { ListResponse } from '../../../../shared/records/list-query';
import { LoadingBlock, QueryError } from './query-state';

/**
 * The body of a record list: skeleton while loading, the error with "Try again", the empty state (none
 * at all) or "no match" (none for this search), else the rows and "Show more" while the server has more.
 */
export function PagedList<T>({
  query,
  noun,
  search,
  empty,
  children,
}: {
  query: UseInfiniteQueryResult<InfiniteData<ListResponse<T>>, Error>;
  /** Plural, lower case: "clients". */
  noun: string;
  search: string;
  empty: ReactNode;
  children: (items: T[]) => ReactNode;
}) {
  const shown = query.data?.pages.reduce((n, p) => n + p.items.length, 0) ?? 0;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  // A search reads a bounded number of records per request (the server's SEARCH_BOUND): in a large
  // account its first pages can come back empty with more to read, so keep reading until a match
  // or the end instead of saying "no match" too early.
  useEffect(() => {
    if (search && shown === 0 && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [search, shown, hasNextPage, isFetchingNextPage, fetchNextPage]);
  if (query.isPending) return <LoadingBlock label={`Loading ${noun}`} rows={5} />;
  if (query.isError) {
    return (
      <QueryError
        title={`Could not load your ${noun}`}
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  }
  const items = query.data.pages.flatMap((p) => p.items);
  if (items.length === 0) {
    if (!search) return <>{empty}</>;
    if (hasNextPage) return <LoadingBlock label={`Searching ${noun}`} rows={3} />;
    return (
      <Text c="dimmed" py="lg" ta="center" role="status">
        No {noun} match “{search}”.
      </Text>
    );
  }
  return (
    <Stack gap="md" aria-busy={query.isFetching && !query.isFetchingNextPage ? true : undefined}>
      {children(items)}
      {query.hasNextPage ? (
        <Center>
          <Button
            variant="default"
            onClick={() => void query.fetchNextPage()}
            loading={query.isFetchingNextPage}
          >
            Show more
          </Button>
        </Center>
      ) : null}
    </Stack>
  );
}
