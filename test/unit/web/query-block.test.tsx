import type { UseQueryResult } from '@tanstack/react-query';
import { fireEvent, screen } from '@testing-library/react';
import { QueryBlock } from '../../../web/src/components/records/query-state';
import { renderWithProviders } from './render';

const query = (state: Partial<UseQueryResult<string>>) =>
  ({
    isPending: false,
    isError: false,
    data: undefined,
    error: null,
    refetch: jest.fn(),
    ...state,
  }) as unknown as UseQueryResult<string>;

const block = (q: UseQueryResult<string>) => (
  <QueryBlock
    query={q}
    loading={{ label: 'Loading the figures', rows: 2 }}
    errorTitle="Could not load the figures"
  >
    {(data) => <p>Figures: {data}</p>}
  </QueryBlock>
);

describe('QueryBlock', () => {
  it('should show busy bars while the read is pending', () => {
    renderWithProviders(block(query({ isPending: true })));
    expect(screen.getByRole('status', { name: 'Loading the figures' })).toBeInTheDocument();
  });

  it('should show the failure and read again on "Try again"', () => {
    const q = query({ isError: true, error: new Error('boom') });
    renderWithProviders(block(q));
    expect(screen.getByRole('alert')).toHaveTextContent('Could not load the figures');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(q.refetch).toHaveBeenCalledTimes(1);
  });

  it('should hand the data to its children once read', () => {
    renderWithProviders(block(query({ data: '42' })));
    expect(screen.getByText('Figures: 42')).toBeInTheDocument();
  });
});
