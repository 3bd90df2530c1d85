import { SegmentedControl, Table, Text } from '@mantine/core';
import { useState } from 'react';
import type { InvoiceState } from '../../../../../shared/admin-money';
import { formatUsd } from '../../../../../shared/plans';
import { useAdminInvoices } from '../api/admin-money-api';
import { AccountCell, dateOnly, PagedTable, StateCell } from './paged-table';

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
  return (
    <PagedTable
      list={list}
      page={page}
      onPage={setPage}
      layout="bar"
      filters={
        <SegmentedControl
          aria-label="Invoice state"
          data={FILTERS}
          value={state}
          onChange={(v) => {
            setState(v);
            setPage(1);
          }}
        />
      }
      noun="invoice"
      plural="Invoices"
      empty="No invoice in this state."
      minWidth={760}
      headers={['Date', 'Account', 'Description', 'State', { label: 'Amount', ta: 'right' }]}
      rowKey={(i) => i.id}
      row={(i) => (
        <>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>{dateOnly(i.date)}</Table.Td>
          <AccountCell email={i.email} ownerId={i.ownerId} guestLabel="Guest purchase" />
          <Table.Td>
            {i.description}
            {i.invoiceNumber ? (
              <Text span size="xs" c="dimmed">
                {' '}
                · {i.invoiceNumber}
              </Text>
            ) : null}
          </Table.Td>
          <StateCell color={STATE_COLOR[i.state]}>{i.state}</StateCell>
          <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
            {formatUsd(i.amount)}
          </Table.Td>
        </>
      )}
    />
  );
}
