import { Anchor, Badge, Box, Group, Stack, Table, Text } from '@mantine/core';
import { PhoneList } from '../../../components/phone-list';
import type { BillingHistoryEntry, InvoiceLine } from '../../../../../shared/billing';
import { formatUsd } from '../../../../../shared/plans';
import { formatDate, sortHistoryNewestFirst, statusLabel } from '../billing-history';
import { DataTable } from '../../../components/data-table';

const STATUS_COLOR: Record<string, string> = {
  paid: 'green',
  open: 'yellow',
  uncollectible: 'red',
  void: 'gray',
  draft: 'gray',
};

/** Billing history, newest first (spec §3): only the caller's own invoices come from the API. */
export function BillingHistoryTable({ entries }: { entries: readonly BillingHistoryEntry[] }) {
  if (entries.length === 0) {
    return (
      <Stack gap={4} py="md" ta="center">
        <Text fw={500}>No invoices yet</Text>
        <Text size="sm" c="dimmed">
          Invoices appear here once a payment has been made.
        </Text>
      </Stack>
    );
  }
  const sorted = sortHistoryNewestFirst(entries);
  return (
    <>
      {/* Phones: one block per invoice instead of a table that scrolls sideways. */}
      <PhoneList label="Billing history">
        {sorted.map((entry, index) => (
          <Box
            component="li"
            key={entry.id}
            py="sm"
            style={index > 0 ? { borderTop: '1px solid var(--mantine-color-default-border)' } : undefined}
          >
            <Group justify="space-between" wrap="nowrap" gap="sm">
              <Text fw={600}>{formatDate(entry.date)}</Text>
              <Text fw={600} style={{ fontVariantNumeric: 'tabular-nums' }}>
                {formatUsd(entry.amount)}
              </Text>
            </Group>
            <Text size="sm" c="dimmed" mt={2}>
              {entry.description}
            </Text>
            <InvoiceLines lines={entry.lines} />
            <Group justify="space-between" mt={6} gap="sm">
              <StatusBadge status={entry.status} />
              <InvoiceLink entry={entry} />
            </Group>
          </Box>
        ))}
      </PhoneList>
      <Box visibleFrom="sm">
        <DataTable
          minWidth={600}
          verticalSpacing="sm"
          striped
          highlightOnHover
          aria-label="Billing history"
          headers={['Date', 'Description', { label: 'Amount', ta: 'right' }, 'Status', 'Invoice']}
        >
          {sorted.map((entry) => (
            <Table.Tr key={entry.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(entry.date)}</Table.Td>
              <Table.Td>
                {entry.description}
                <InvoiceLines lines={entry.lines} />
              </Table.Td>
              <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                {formatUsd(entry.amount)}
              </Table.Td>
              <Table.Td>
                <StatusBadge status={entry.status} />
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <InvoiceLink entry={entry} />
              </Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
      </Box>
    </>
  );
}

/**
 * An invoice's lines under its description when there is more than the one line the description
 * already says: a plan change's credit for unused time and charge for the new plan.
 */
function InvoiceLines({ lines }: { lines: readonly InvoiceLine[] | undefined }) {
  if (!lines || lines.length < 2) return null;
  return (
    <Box
      component="ul"
      m={0}
      mt={4}
      p={0}
      style={{ listStyle: 'none' }}
      aria-label="Invoice lines"
      data-testid="invoice-lines"
    >
      {lines.map((line, index) => (
        <Group component="li" key={index} justify="space-between" wrap="nowrap" gap="md">
          <Text size="sm" c="dimmed">
            {line.description}
          </Text>
          <Text
            size="sm"
            fw={500}
            c={line.amount < 0 ? 'var(--mantine-color-green-light-color)' : undefined}
            style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
          >
            {line.amount < 0 ? `Credit ${formatUsd(-line.amount)}` : formatUsd(line.amount)}
          </Text>
        </Group>
      ))}
    </Box>
  );
}

function StatusBadge({ status }: { status: string }) {
  return (
    <Badge variant="light" color={STATUS_COLOR[status] ?? 'gray'}>
      {statusLabel(status)}
    </Badge>
  );
}

function InvoiceLink({ entry }: { entry: BillingHistoryEntry }) {
  if (!entry.invoiceUrl) return <>{entry.invoice ?? '—'}</>;
  return (
    <Anchor
      href={entry.invoiceUrl}
      target="_blank"
      rel="noreferrer"
      aria-label={`View invoice ${entry.invoice ?? ''}`.trim()}
    >
      {entry.invoice ?? 'View'}
    </Anchor>
  );
}
