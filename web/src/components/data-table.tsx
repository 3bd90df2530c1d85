import {
  Table,
  Text,
  VisuallyHidden,
  type TableProps,
  type TableTdProps,
  type TableThProps,
} from '@mantine/core';
import { useId, type Key, type ReactNode } from 'react';

/** A header cell: its text, or its text with the cell's own props (`ta="right"`, a style). */
export type DataTableHeader = string | ({ label: string } & Omit<TableThProps, 'children'>);

/**
 * The rows of a plain table, one cell a column: `rows` (the data), `rowKey` (each row's React key) and
 * `cells` (a row's cells, in the headers' order); `columnProps` gives a column's cells their props
 * (`{ fw: 600 }` for a total). For rows of another shape, pass the `Table.Tr` rows as children instead.
 */
export interface DataTableRows<R> {
  rows: readonly R[];
  rowKey: (row: R) => Key;
  cells: (row: R) => ReactNode[];
  columnProps?: Partial<Record<number, Omit<TableTdProps, 'children'>>>;
}

/**
 * A table of rows under one header row. Given `minWidth`, it scrolls sideways inside its own box on a
 * narrower screen, so a phone never scrolls the whole page for it. `actions` names a last column of
 * buttons (its header is read out, not shown). The rows are the children (`Table.Tr`), or `rows` and
 * `cells` (DataTableRows).
 */
export function DataTable<R>({
  headers,
  actions,
  caption,
  minWidth,
  maxHeight,
  children,
  rows,
  rowKey,
  cells,
  columnProps,
  framed = false,
  ...table
}: Omit<TableProps, 'children' | 'caption'> & {
  headers: DataTableHeader[];
  /** A table of figures: striped rows inside a border (Mantine's `striped` and `withTableBorder`). */
  framed?: boolean;
  actions?: string;
  caption?: ReactNode;
  minWidth?: number;
  maxHeight?: number;
} & (
    | { children: ReactNode; rows?: never; rowKey?: never; cells?: never; columnProps?: never }
    | (DataTableRows<R> & { children?: never })
  )) {
  const captionId = useId();
  // In a sideways-scrolling box a caption is as wide as the table and is cut off at the phone's edge:
  // there it is written under the box, at the screen's width, and still names the table.
  const captionOutside = caption !== undefined && caption !== null && minWidth !== undefined;
  const body = (
    <Table
      {...(framed ? { striped: true, withTableBorder: true } : {})}
      {...(captionOutside ? { 'aria-labelledby': captionId } : {})}
      {...table}
    >
      {caption && !captionOutside ? <Table.Caption>{caption}</Table.Caption> : null}
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
      <Table.Tbody>
        {rows
          ? rows.map((row) => (
              <Table.Tr key={rowKey(row)}>
                {cells(row).map((cell, i) => (
                  <Table.Td key={i} {...columnProps?.[i]}>
                    {cell}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))
          : children}
      </Table.Tbody>
    </Table>
  );
  if (minWidth === undefined) return body;
  const box = (
    <Table.ScrollContainer minWidth={minWidth} maxHeight={maxHeight}>
      {body}
    </Table.ScrollContainer>
  );
  if (!captionOutside) return box;
  return (
    <div>
      {box}
      <Text id={captionId} size="sm" c="dimmed" ta="center" mt="xs">
        {caption}
      </Text>
    </div>
  );
}

function HeaderCell({ label, ...th }: { label: string } & Omit<TableThProps, 'children'>) {
  return <Table.Th {...th}>{label}</Table.Th>;
}
