import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import type { ListResponse } from '../../../../shared/records/list-query';
import { PagedList } from '../../../../web/src/components/records/paged-list';
import { renderWithProviders } from '../render';

/**
 * A search reads a bounded number of records per request (issue 26 item 9): in a large account its
 * first pages can be empty with more to read. The list keeps reading instead of saying "no match".
 */
function queryOf(pages: ListResponse<{ id: string }>[], hasNextPage: boolean, fetchNextPage: jest.Mock) {
  return {
    isPending: false,
    isError: false,
    isFetching: false,
    isFetchingNextPage: false,
    data: { pages, pageParams: pages.map(() => undefined) },
    hasNextPage,
    fetchNextPage,
  } as unknown as UseInfiniteQueryResult<InfiniteData<ListResponse<{ id: string }>>, Error>;
}

const rows = (items: { id: string }[]) => (
  <ul>
    {items.map((i) => (
      <li key={i.id}>{i.id}</li>
    ))}
  </ul>
);

describe('PagedList during a search', () => {
  it('should ask for the next page and say it is searching when a search page is empty with more to read', () => {
    const fetchNextPage = jest.fn();
    const query = queryOf([{ items: [], nextCursor: 'more' }], true, fetchNextPage);

    renderWithProviders(
      <PagedList query={query} noun="workers" search="oak" empty={<p>No workers yet</p>}>
        {rows}
      </PagedList>,
    );

    expect(fetchNextPage).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('status', { name: 'Searching workers' })).toBeInTheDocument();
    expect(screen.queryByText(/No workers match/)).not.toBeInTheDocument();
  });

  it('should say no match, and ask for nothing more, when the last search page is empty', () => {
    const fetchNextPage = jest.fn();
    const query = queryOf([{ items: [], nextCursor: null }], false, fetchNextPage);

    renderWithProviders(
      <PagedList query={query} noun="workers" search="oak" empty={<p>No workers yet</p>}>
        {rows}
      </PagedList>,
    );

    expect(fetchNextPage).not.toHaveBeenCalled();
    expect(screen.getByText('No workers match “oak”.')).toBeInTheDocument();
  });
});
