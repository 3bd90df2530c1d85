import { screen, within } from '@testing-library/react';
import type { BillingHistoryEntry } from '../../../shared/billing';
import { sortHistoryNewestFirst } from '../../../web/src/features/billing/billing-history';
import { BillingHistoryTable } from '../../../web/src/features/billing/components/billing-history-table';
import { renderWithProviders } from './render';

function entry(id: string, date: string, invoice: string | null, amount = 2999): BillingHistoryEntry {
  return {
    id,
    date,
    description: `Raincheck Basic (${id})`,
    amount,
    currency: 'usd',
    status: 'paid',
    invoice,
    invoiceUrl: invoice ? `https://pay.example/invoices/${id}` : null,
  };
}

describe('sortHistoryNewestFirst', () => {
  it('should put the newest entry first when the entries arrive in any order', () => {
    const entries = [
      entry('in_b', '2025-02-01T10:00:00.000Z', 'R-0002'),
      entry('in_a', '2025-01-01T10:00:00.000Z', 'R-0001'),
      entry('in_c', '2025-03-01T10:00:00.000Z', 'R-0003'),
    ];

    expect(sortHistoryNewestFirst(entries).map((e) => e.id)).toEqual(['in_c', 'in_b', 'in_a']);
    expect(entries.map((e) => e.id)).toEqual(['in_b', 'in_a', 'in_c']);
  });

  it('should order same-second invoices by invoice number, highest first, when the dates tie', () => {
    const at = '2025-04-01T10:00:00.000Z';
    const sorted = sortHistoryNewestFirst([entry('in_9', at, 'R-0009'), entry('in_10', at, 'R-0010')]);
    expect(sorted.map((e) => e.invoice)).toEqual(['R-0010', 'R-0009']);
  });

  it('should compare instants, not strings, when the dates carry different offsets', () => {
    const sorted = sortHistoryNewestFirst([
      entry('earlier', '2025-05-01T12:00:00+02:00', null),
      entry('later', '2025-05-01T11:00:00Z', null),
    ]);
    expect(sorted[0]?.id).toBe('later');
  });
});

describe('BillingHistoryTable', () => {
  it('should list the invoices newest first with amount, status and an invoice link when there is history', () => {
    renderWithProviders(
      <BillingHistoryTable
        entries={[
          entry('in_1', '2025-01-15T10:00:00.000Z', 'R-0001', 2999),
          entry('in_2', '2025-02-15T10:00:00.000Z', 'R-0002', 5999),
        ]}
      />,
    );

    const rows = within(screen.getByRole('table', { name: 'Billing history' }))
      .getAllByRole('row')
      .slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('$59.99');
    expect(rows[0]).toHaveTextContent('Paid');
    expect(within(rows[0]!).getByRole('link', { name: 'View invoice R-0002' })).toHaveAttribute(
      'href',
      'https://pay.example/invoices/in_2',
    );
    expect(rows[1]).toHaveTextContent('$29.99');
  });

  it('should say there are no invoices yet when the history is empty', () => {
    renderWithProviders(<BillingHistoryTable entries={[]} />);
    expect(screen.getByText('No invoices yet')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
