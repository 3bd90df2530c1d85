import { Table, VisuallyHidden, type TableProps, type TableThProps } from '@mantine/core';
import type { ReactNode } from 'react';

/** A header cell: its text, or its text with the cell's own props (`ta="right"`, a style). */
export type DataTableHeader = string | ({ label: string } & Omit<TableThProps, 'children'>);

/**
 * A table of rows under one header row. Given `minWidth`, it scrolls sideways inside its own box on a
 * narrower screen, so a phone never scrolls the whole page for it. `actions` names a last column of
 * buttons (its header is read out, not shown). The rows (`Table.Tr`) are the children.
 */
export function DataTable({
  headers,
  actions,
  caption,
  minWidth,
  maxHeight,
  children,
  ...table
}: Omit<TableProps, 'children' | 'caption'> & {
  headers: DataTableHeader[];
  actions?: string;
  caption?: ReactNode;
  minWidth?: number;
  maxHeight?: number;
  children: ReactNode;
}) {
  const body = (
    <Table {...table}>
      {caption ? <Table.Caption>{caption}</Table.Caption> : null}
      <Table.Thead>
        <Table.Tr>
          {headers.map((header, i) =>
            typeof header === 'string' ? (
              <Table.Th key={i}>{header}</Table.Th>
            ) : (
              <HeaderCell key={i} {...header} />
            ),
          )}
          {actions ? (
            <Table.Th>
              <VisuallyHidden>{actions}</VisuallyHidden>
            </Table.Th>
          ) : null}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>{children}</Table.Tbody>
    </Table>
  );
  if (minWidth === undefined) return body;
  return (
    <Table.ScrollContainer minWidth={minWidth} maxHeight={maxHeight}>
      {body}
    </Table.ScrollContainer>
  );
}

function HeaderCell({ label, ...th }: { label: string } & Omit<TableThProps, 'children'>) {
  return <Table.Th {...th}>{label}</Table.Th>;
}
