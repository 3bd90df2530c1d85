import { Badge, Group, Pagination, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import type { InvoiceState } from '../../../../../shared/admin-money';
import { formatUsd } from '../../../../../shared/plans';
import { LoadingBlock, QueryError } from '../../../components/records/query-state';
import { count } from './kpi';
import { useAdminInvoices } from '../api/admin-money-api';
import { dateOnly } from './subscriptions-table';

const STATE_COLOR: Record<InvoiceState, string> = {
  paid: 'green',
  pending: 'blue',
  failed: 'red',
  refunded: 'grape',
  void: 'gray',
};

const FILTERS = [
  { value: 'all', label: 'All' },
  { value: 'paid', label: 'Paid' },
  { value: 'pending', label: 'Pending' },
  { value: 'failed', label: 'Failed' },
  { value: 'refunded', label: 'Refunded' },
];

/** Every invoice, newest first, filtered by state, 20 a page. */
export function InvoicesTable() {
  const [state, setState] = useState('all');
  const [page, setPage] = useState(1);
  const list = useAdminInvoices({ state: state === 'all' ? undefined : (state as InvoiceState), page });
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.pageSize)) : 1;
  return (
    <Stack gap="sm">
      <Group gap="sm" justify="space-between">
        <SegmentedControl
          aria-label="Invoice state"
          data={FILTERS}
          value={state}
          onChange={(v) => {
            setState(v);
            setPage(1);
          }}
        />
        {list.data ? (
          <Text size="sm" c="dimmed" aria-live="polite">
            {count(list.data.total, 'invoice')}
          </Text>
        ) : null}
      </Group>
      {list.isPending ? (
        <LoadingBlock label="Loading invoices" />
      ) : list.isError ? (
        <QueryError
          title="Could not load the invoices"
          error={list.error}
          onRetry={() => void list.refetch()}
        />
      ) : list.data.items.length === 0 ? (
        <Text size="sm" c="dimmed">
          No invoice in this state.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={760}>
          <Table striped withTableBorder aria-label="Invoices">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Date</Table.Th>
                <Table.Th>Account</Table.Th>
                <Table.Th>Description</Table.Th>
                <Table.Th>State</Table.Th>
                <Table.Th ta="right">Amount</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.items.map((i) => (
                <Table.Tr key={i.id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{dateOnly(i.date)}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>
                    {i.email ?? (
                      <Text span size="sm" c="dimmed">
                        {i.ownerId.startsWith('guest_') ? 'Guest purchase' : 'No profile'}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    {i.description}
                    {i.invoiceNumber ? (
                      <Text span size="xs" c="dimmed">
                        {' '}
                        · {i.invoiceNumber}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <Badge variant="light" color={STATE_COLOR[i.state]} style={{ minWidth: 'max-content' }}>
                      {i.state}
                    </Badge>
                  </Table.Td>
                  <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                    {formatUsd(i.amount)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {pages > 1 ? (
        <Pagination total={pages} value={page} onChange={setPage} aria-label="Invoice pages" />
      ) : null}
    </Stack>
  );
}
