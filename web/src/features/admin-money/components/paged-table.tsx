import { Badge, Group, Pagination, Stack, Table, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { Page } from '../../../../../shared/admin-money';
import { LoadingBlock, QueryError } from '../../../components/records/query-state';
import { DataTable, type DataTableHeader } from '../../../components/data-table';
import { count } from './kpi';

/** An ISO date-time's date ("—" for none). */
export const dateOnly = (iso: string | null) => (iso ? iso.slice(0, 10) : '—');

/** The account of a money record: its email, else why there is none (a guest's purchase, no profile). */
export function AccountCell({
  email,
  ownerId,
  guestLabel,
}: {
  email: string | null;
  ownerId: string;
  guestLabel: string;
}) {
  return (
    <Table.Td style={{ overflowWrap: 'anywhere' }}>
      {email ?? (
        <Text span size="sm" c="dimmed">
          {ownerId.startsWith('guest_') ? guestLabel : 'No profile'}
        </Text>
      )}
    </Table.Td>
  );
}

/** A record's state as a light badge that never wraps. */
export function StateCell({ color, children }: { color: string; children: ReactNode }) {
  return (
    <Table.Td style={{ whiteSpace: 'nowrap' }}>
      <Badge variant="light" color={color} style={{ minWidth: 'max-content' }}>
        {children}
      </Badge>
    </Table.Td>
  );
}

/**
 * One page of an admin list (`Page<T>` of the admin money routes): its filters and count above,
 * the loading, error and empty states, the table, and the pages below.
 */
export function PagedTable<T>({
  list,
  page,
  onPage,
  filters,
  layout,
  noun,
  plural,
  empty,
  minWidth,
  headers,
  rowKey,
  row,
}: {
  list: UseQueryResult<Page<T>>;
  page: number;
  onPage: (page: number) => void;
  filters: ReactNode;
  /** `bar`: a segmented control, the count at the far end; `fields`: labelled selects, the count after them. */
  layout: 'bar' | 'fields';
  /** "invoice": the count, the loading label and the pager's name are worded from it. */
  noun: string;
  /** "Invoices": the table's name. */
  plural: string;
  empty: string;
  minWidth: number;
  headers: DataTableHeader[];
  rowKey: (item: T) => string;
  /** The cells of one row. */
  row: (item: T) => ReactNode;
}) {
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.pageSize)) : 1;
  const lower = plural.toLowerCase();
  return (
    <Stack gap="sm">
      <Group gap="sm" {...(layout === 'bar' ? { justify: 'space-between' } : { align: 'flex-end' })}>
        {filters}
        {list.data ? (
          <Text size="sm" c="dimmed" pb={layout === 'fields' ? 8 : undefined} aria-live="polite">
            {count(list.data.total, noun)}
          </Text>
        ) : null}
      </Group>
      {list.isPending ? (
        <LoadingBlock label={`Loading ${lower}`} />
      ) : list.isError ? (
        <QueryError
          title={`Could not load the ${lower}`}
          error={list.error}
          onRetry={() => void list.refetch()}
        />
      ) : list.data.items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        <DataTable minWidth={minWidth} striped withTableBorder aria-label={plural} headers={headers}>
          {list.data.items.map((item) => (
            <Table.Tr key={rowKey(item)}>{row(item)}</Table.Tr>
          ))}
        </DataTable>
      )}
      {pages > 1 ? (
        <Pagination
          total={pages}
          value={page}
          onChange={onPage}
          aria-label={`${noun[0]?.toUpperCase() ?? ''}${noun.slice(1)} pages`}
        />
      ) : null}
    </Stack>
  );
}
