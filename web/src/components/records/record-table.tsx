import { Box, Card, Group, Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { DataTable } from '../data-table';

/** One column of a record list. An empty value (null, undefined, '') reads as a dimmed "—". */
export interface RecordColumn<T> {
  header: string;
  cell: (item: T) => ReactNode;
  /** In the table, shown from this width up (narrow tablets see fewer columns). */
  visibleFrom?: 'md' | 'lg';
  nowrap?: boolean;
}

export interface RecordTableProps<T> {
  /** The list's accessible name: "Clients". */
  label: string;
  items: T[];
  /** The first column: the record's name, linked to its page, with what belongs beside it. */
  title: RecordColumn<T>;
  columns: RecordColumn<T>[];
  /** Buttons per record (rename, delete), at the end of the row or the bottom of the card. */
  actions?: (item: T) => ReactNode;
}

const isEmpty = (value: ReactNode) => value === null || value === undefined || value === '';
const dash = (
  <Text span c="dimmed">
    —
  </Text>
);

/**
 * A record list: a table on wide screens, one card per record on phones (every value labelled, nothing
 * scrolls sideways). Both are rendered; CSS shows one, so the hidden one is out of the accessibility tree.
 */
export function RecordTable<T extends { id: string }>({
  label,
  items,
  title,
  columns,
  actions,
}: RecordTableProps<T>) {
  return (
    <>
      <Box visibleFrom="sm">
        <DataTable
          striped
          highlightOnHover
          verticalSpacing="sm"
          aria-label={label}
          headers={[title, ...columns].map((c) => ({ label: c.header, visibleFrom: c.visibleFrom }))}
          actions={actions ? 'Actions' : undefined}
        >
          {items.map((item) => (
            <Table.Tr key={item.id}>
              {[title, ...columns].map((c) => {
                const value = c.cell(item);
                return (
                  <Table.Td
                    key={c.header}
                    visibleFrom={c.visibleFrom}
                    style={c.nowrap ? { whiteSpace: 'nowrap' } : { overflowWrap: 'break-word' }}
                  >
                    {isEmpty(value) ? dash : value}
                  </Table.Td>
                );
              })}
              {actions ? (
                <Table.Td>
                  <Group gap={4} justify="flex-end" wrap="nowrap">
                    {actions(item)}
                  </Group>
                </Table.Td>
              ) : null}
            </Table.Tr>
          ))}
        </DataTable>
      </Box>
      <Stack
        component="ul"
        hiddenFrom="sm"
        gap="sm"
        p={0}
        m={0}
        aria-label={label}
        style={{ listStyle: 'none' }}
      >
        {items.map((item) => (
          <Card component="li" key={item.id} withBorder padding="sm" radius="md">
            <Stack gap={4}>
              <div style={{ overflowWrap: 'break-word', minWidth: 0 }}>{title.cell(item)}</div>
              {columns.map((c) => {
                const value = c.cell(item);
                if (isEmpty(value)) return null;
                return (
                  <Text key={c.header} size="sm" component="div" style={{ overflowWrap: 'break-word' }}>
                    <Text span size="sm" c="dimmed">
                      {c.header}:{' '}
                    </Text>
                    {value}
                  </Text>
                );
              })}
              {actions ? (
                <Group gap="xs" justify="flex-end" mt={4}>
                  {actions(item)}
                </Group>
              ) : null}
            </Stack>
          </Card>
        ))}
      </Stack>
    </>
  );
}
