import { Badge, Box, Group, Stack, Table, Text, useComputedColorScheme } from '@mantine/core';
import { PhoneList } from '../../../components/phone-list';
import type { ImportRowStatus } from '../api/import-workers';
import {
  onlyPhoneBad,
  rowHasErrors,
  type CsvColumn,
  type PreviewRow,
  type WorkersCsvPreview,
} from '../worker-csv';
import { DataTable } from '../../../components/data-table';

const SHOWN: { column: CsvColumn; label: string }[] = [
  { column: 'name', label: 'Name' },
  { column: 'email', label: 'Email' },
  { column: 'phone', label: 'Phone' },
  { column: 'trade', label: 'Trade' },
  { column: 'crews', label: 'Crews' },
  { column: 'manager', label: 'Manager' },
];

/** Red text that keeps its contrast on the marked row's background in light and dark schemes. */
function useErrorColor(): string {
  return useComputedColorScheme('light') === 'dark' ? 'red.2' : 'red.9';
}

function cellContent(row: PreviewRow, column: CsvColumn, error: string | undefined) {
  if (column === 'crews') {
    if (row.crews.length === 0) return null;
    return (
      <Group gap={4} component="span">
        {row.crews.map((crew) => (
          <Badge key={crew} size="sm" variant="light" color="gray" style={{ textTransform: 'none' }}>
            {crew}
          </Badge>
        ))}
      </Group>
    );
  }
  if (column === 'manager') return error ? row.values.manager : row.isManager ? 'Yes' : 'No';
  return row.values[column];
}

function Cell({ row, column }: { row: PreviewRow; column: CsvColumn }) {
  const error = row.errors[column];
  const errorColor = useErrorColor();
  const content = cellContent(row, column, error);
  return (
    <Table.Td style={{ overflowWrap: 'break-word' }}>
      {content || (
        <Text span c="dimmed">
          —
        </Text>
      )}
      {error ? (
        <Text size="xs" c={errorColor} fw={600} mt={2}>
          {error}
        </Text>
      ) : null}
    </Table.Td>
  );
}

const problems = (n: number) => `${n} ${n === 1 ? 'problem' : 'problems'}`;

function ProblemsBadge({ row }: { row: PreviewRow }) {
  // Only the phone is wrong: the other rows still import; this one is skipped and reported.
  if (onlyPhoneBad(row))
    return (
      <Badge color="orange" variant="filled" size="sm">
        Skipped: phone
      </Badge>
    );
  return rowHasErrors(row) ? (
    <Badge color="red" variant="filled" size="sm">
      {problems(Object.keys(row.errors).length)}
    </Badge>
  ) : (
    <Badge color="green" variant="light" size="sm">
      OK
    </Badge>
  );
}

const STATUS: Record<ImportRowStatus, { label: string; color: string }> = {
  new: { label: 'New', color: 'green' },
  updated: { label: 'Updated', color: 'blue' },
  unchanged: { label: 'Unchanged', color: 'gray' },
  error: { label: 'Error', color: 'red' },
};

/**
 * What the import will do with the row, from the server's dry run (matched by email): a new worker, an
 * update of the worker with that email, nothing (already the same), or an error. "Checking…" until the
 * dry run answers; "—" when it could not be asked.
 */
function StatusBadge({ status, checking }: { status: ImportRowStatus | undefined; checking: boolean }) {
  if (!status) {
    return (
      <Text span size="sm" c="dimmed">
        {checking ? 'Checking…' : '—'}
      </Text>
    );
  }
  const { label, color } = STATUS[status];
  return (
    <Badge color={color} variant="light" size="sm">
      {label}
    </Badge>
  );
}

const badRowBg = (bad: boolean) => (bad ? 'var(--mantine-color-red-light)' : undefined);

/** The rows of the file with each one's problems; bad rows are marked for eyes and screen readers. */
export function WorkerImportPreview({
  preview,
  newCrews,
  statuses,
  checking,
}: {
  preview: WorkersCsvPreview;
  newCrews: string[];
  /** The dry run's answer per row number, once it has come. */
  statuses: ReadonlyMap<number, ImportRowStatus>;
  checking: boolean;
}) {
  const errorColor = useErrorColor();
  return (
    <Stack gap="xs">
      <Box visibleFrom="sm">
        <DataTable
          minWidth={860}
          maxHeight={420}
          stickyHeader
          verticalSpacing="xs"
          aria-label="Workers in the file"
          withRowBorders
          headers={['Row', ...SHOWN.map((c) => c.label), 'Import as', 'Problems']}
        >
          {preview.rows.map((row) => {
            const bad = rowHasErrors(row);
            return (
              <Table.Tr key={row.row} aria-invalid={bad || undefined} bg={badRowBg(bad)}>
                <Table.Td>{row.row}</Table.Td>
                {SHOWN.map((c) => (
                  <Cell key={c.column} row={row} column={c.column} />
                ))}
                <Table.Td>
                  <StatusBadge status={statuses.get(row.row)} checking={checking} />
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <ProblemsBadge row={row} />
                  {row.errors.row ? (
                    <Text size="xs" c={errorColor} fw={600} mt={2}>
                      {row.errors.row}
                    </Text>
                  ) : null}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </DataTable>
      </Box>
      {/* Phones: one block per row, every column labelled, instead of a table that scrolls sideways. */}
      <PhoneList label="Workers in the file" gap="xs">
        {preview.rows.map((row) => {
          const bad = rowHasErrors(row);
          return (
            <Box
              component="li"
              key={row.row}
              p="sm"
              bg={badRowBg(bad)}
              style={{
                border: '1px solid var(--mantine-color-default-border)',
                borderRadius: 'var(--mantine-radius-md)',
              }}
            >
              <Group justify="space-between" gap="xs" wrap="nowrap" mb={4}>
                <Text fw={600} style={{ overflowWrap: 'break-word', minWidth: 0 }}>
                  Row {row.row}: {row.values.name || '(no name)'}
                </Text>
                <Group gap={4} wrap="nowrap">
                  <StatusBadge status={statuses.get(row.row)} checking={checking} />
                  <ProblemsBadge row={row} />
                </Group>
              </Group>
              {SHOWN.filter((c) => c.column !== 'name').map((c) => {
                const error = row.errors[c.column];
                const content = cellContent(row, c.column, error);
                if (!content && !error) return null;
                return (
                  <Text key={c.column} size="sm" style={{ overflowWrap: 'break-word' }} component="div">
                    <Text span c="dimmed" size="sm">
                      {c.label}:{' '}
                    </Text>
                    {content || '—'}
                    {error ? (
                      <Text size="xs" c={errorColor} fw={600}>
                        {error}
                      </Text>
                    ) : null}
                  </Text>
                );
              })}
              {row.errors.name ? (
                <Text size="xs" c={errorColor} fw={600}>
                  Name: {row.errors.name}
                </Text>
              ) : null}
              {row.errors.row ? (
                <Text size="xs" c={errorColor} fw={600}>
                  {row.errors.row}
                </Text>
              ) : null}
            </Box>
          );
        })}
      </PhoneList>
      {newCrews.length > 0 ? (
        <Text size="sm" c="dimmed">
          New crews will be created: {newCrews.join(', ')}.
        </Text>
      ) : null}
    </Stack>
  );
}
