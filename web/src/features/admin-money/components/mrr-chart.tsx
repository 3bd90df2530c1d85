import { Table } from '@mantine/core';
import type { RevenueMonth } from '../../../../../shared/admin-money';
import { formatUsd } from '../../../../../shared/plans';
import { BarChart } from '../../../components/bar-chart';
import { DataTable } from '../../../components/data-table';

const monthDate = (month: string) => new Date(`${month}-01T00:00:00Z`);
const short = (month: string) =>
  monthDate(month).toLocaleString('en-US', { month: 'short', timeZone: 'UTC' });
export const longMonth = (month: string) =>
  monthDate(month).toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

const slot = (m: RevenueMonth) => ({ label: short(m.month), longLabel: longMonth(m.month) });

/** Whole dollars on the axis ("$1.2k" past a thousand). */
function axisUsd(cents: number): string {
  const dollars = cents / 100;
  if (dollars >= 1000) return `$${(dollars / 1000).toLocaleString('en-US', { maximumFractionDigits: 1 })}k`;
  return Number.isInteger(dollars) ? `$${dollars}` : formatUsd(cents);
}

/** One dollar figure of each of the last 12 months as bars, the current month marked. */
function MonthlyUsdChart({
  months,
  title,
  label,
  figure,
}: {
  months: RevenueMonth[];
  title: string;
  label: string;
  figure: (month: RevenueMonth) => number;
}) {
  return (
    <BarChart
      title={title}
      slots={months.map(slot)}
      series={[{ label, color: 'blue', values: months.map(figure), format: formatUsd }]}
      formatAxis={axisUsd}
      highlightLast
    />
  );
}

/** MRR at each month's end over the last 12 months (the current month: now). */
export function MrrChart({ months }: { months: RevenueMonth[] }) {
  return (
    <MonthlyUsdChart months={months} title="MRR over the last 12 months" label="MRR" figure={(m) => m.mrr} />
  );
}

/** Paid revenue per month over the last 12 months. */
export function RevenueChart({ months }: { months: RevenueMonth[] }) {
  return (
    <MonthlyUsdChart
      months={months}
      title="Revenue per month over the last 12 months"
      label="Revenue"
      figure={(m) => m.revenue}
    />
  );
}

/** The same series as a table, newest month first. */
export function RevenueTable({ months }: { months: RevenueMonth[] }) {
  return (
    <DataTable
      minWidth={320}
      framed
      aria-label="MRR and revenue per month"
      headers={['Month', { label: 'MRR at month end', ta: 'right' }, { label: 'Revenue', ta: 'right' }]}
    >
      {[...months].reverse().map((m, i) => (
        <Table.Tr key={m.month}>
          <Table.Td>
            {longMonth(m.month)}
            {i === 0 ? ' (so far)' : ''}
          </Table.Td>
          <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
            {formatUsd(m.mrr)}
          </Table.Td>
          <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
            {formatUsd(m.revenue)}
          </Table.Td>
        </Table.Tr>
      ))}
    </DataTable>
  );
}
