import { Button, Center, Stack, Text } from '@mantine/core';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
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
