import {
  Alert,
  Badge,
  Box,
  Button,
  FileButton,
  Group,
  List,
  Progress,
  Stack,
  Table,
  Text,
  useComputedColorScheme,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import { WORKER_CSV_COLUMNS, WORKER_IMPORT_MAX_ROWS } from '../../../../../shared/records/worker';
import { errorMessage } from '../../../components/error-screen';
import { toast } from '../../../lib/toast';
import { importRowErrors, useImportWorkers, type ImportWorkersResult } from '../api/import-workers';
import {
  previewWorkersCsv,
  rowHasErrors,
  templateCsv,
  withServerErrors,
  type CsvColumn,
  type PreviewRow,
  type WorkersCsvPreview,
} from '../worker-csv';

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

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Moves toward 90% while a request runs (the body goes in one piece), then to 100% when it ends. */
function useRequestProgress(running: boolean): number {
  const [value, setValue] = useState(0);
  useEffect(() => {
    if (!running) return;
    setValue(8);
    const timer = setInterval(() => setValue((v) => v + (90 - v) * 0.15), 150);
    return () => clearInterval(timer);
  }, [running]);
  return running ? value : 0;
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

function ProblemsBadge({ row }: { row: PreviewRow }) {
  return rowHasErrors(row) ? (
    <Badge color="red" variant="filled" size="sm">
      {plural(Object.keys(row.errors).length, 'problem', 'problems')}
    </Badge>
  ) : (
    <Badge color="green" variant="light" size="sm">
      OK
    </Badge>
  );
}

const badRowBg = (bad: boolean) => (bad ? 'var(--mantine-color-red-light)' : undefined);

/** The rows of the file with each one's problems; bad rows are marked for eyes and screen readers. */
export function WorkerImportPreview({
  preview,
  newCrews,
}: {
  preview: WorkersCsvPreview;
  newCrews: string[];
}) {
  const errorColor = useErrorColor();
  return (
    <Stack gap="xs">
      <Box visibleFrom="sm">
        <Table.ScrollContainer minWidth={760} maxHeight={420}>
          <Table stickyHeader verticalSpacing="xs" aria-label="Workers in the file" withRowBorders>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Row</Table.Th>
                {SHOWN.map((c) => (
                  <Table.Th key={c.column}>{c.label}</Table.Th>
                ))}
                <Table.Th>Problems</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {preview.rows.map((row) => {
                const bad = rowHasErrors(row);
                return (
                  <Table.Tr key={row.row} aria-invalid={bad || undefined} bg={badRowBg(bad)}>
                    <Table.Td>{row.row}</Table.Td>
                    {SHOWN.map((c) => (
                      <Cell key={c.column} row={row} column={c.column} />
                    ))}
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
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Box>
      {/* Phones: one block per row, every column labelled, instead of a table that scrolls sideways. */}
      <Stack
        component="ul"
        hiddenFrom="sm"
        gap="xs"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
        aria-label="Workers in the file"
      >
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
                <ProblemsBadge row={row} />
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
      </Stack>
      {newCrews.length > 0 ? (
        <Text size="sm" c="dimmed">
          New crews will be created: {newCrews.join(', ')}.
        </Text>
      ) : null}
    </Stack>
  );
}

/** The file's text (UTF-8); FileReader where Blob.text is missing (older browsers, jsdom). */
function readText(file: File): Promise<string> {
  if (typeof file.text === 'function') return file.text();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsText(file);
  });
}

function downloadTemplate() {
  const url = URL.createObjectURL(new Blob([templateCsv()], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = 'workers-template.csv';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * CSV import of workers: pick a file, see every row checked in the browser, import only when no row
 * has a problem. The server checks again and imports all rows or none; its row errors land on the rows.
 */
export function WorkerImport({
  existingCrewNames,
  onImported,
}: {
  existingCrewNames: string[];
  onImported: (result: ImportWorkersResult) => void;
}) {
  const [fileName, setFileName] = useState<string | null>(null);
  const [preview, setPreview] = useState<WorkersCsvPreview | null>(null);
  // The file as chosen: sent as is, so the server reads exactly what the preview read.
  const [csv, setCsv] = useState('');
  const [readError, setReadError] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const importing = useImportWorkers();
  const progress = useRequestProgress(importing.isPending);

  const pick = async (file: File | null) => {
    if (!file) return;
    importing.reset();
    setServerError(null);
    setReadError(null);
    setFileName(file.name);
    try {
      const text = await readText(file);
      setCsv(text);
      setPreview(previewWorkersCsv(text));
    } catch (error) {
      setPreview(null);
      setReadError(`Could not read ${file.name}: ${errorMessage(error)}`);
    }
  };

  const known = new Set(existingCrewNames.map((n) => n.trim().toLowerCase()));
  const newCrews = preview
    ? [...new Set(preview.rows.flatMap((r) => r.crews))].filter((n) => !known.has(n.toLowerCase()))
    : [];
  const badRows = preview?.rows.filter(rowHasErrors).length ?? 0;
  const count = preview?.rows.length ?? 0;
  const ready = !!preview && preview.fileErrors.length === 0 && badRows === 0 && count > 0;

  const runImport = async () => {
    if (!preview || !ready) return;
    setServerError(null);
    try {
      const result = await importing.mutateAsync(csv);
      toast.success(`${plural(result.imported, 'worker', 'workers')} imported.`);
      setPreview(null);
      setCsv('');
      setFileName(null);
      onImported(result);
    } catch (error) {
      const rows = importRowErrors(error);
      if (rows.length > 0) setPreview(withServerErrors(preview, rows));
      setServerError(
        `${errorMessage(error)} Nothing was imported${rows.length > 0 ? ': fix the marked rows and choose the file again.' : '.'}`,
      );
    }
  };

  return (
    <Stack gap="md">
      <Text size="sm">
        A CSV file with a header row and the columns <strong>{WORKER_CSV_COLUMNS.join(', ')}</strong>. Name
        and email are required; <em>crews</em> holds crew names separated by semicolons (missing crews are
        created);
        <em> manager</em> is yes or no. Up to {WORKER_IMPORT_MAX_ROWS} rows; all rows are imported, or none.
      </Text>
      <Group gap="sm">
        <FileButton
          onChange={(file) => void pick(file)}
          accept=".csv,text/csv"
          disabled={importing.isPending}
        >
          {(props) => (
            <Button variant={preview ? 'default' : 'filled'} {...props}>
              {preview ? 'Choose another file' : 'Choose a CSV file'}
            </Button>
          )}
        </FileButton>
        <Button variant="subtle" onClick={downloadTemplate}>
          Download a template
        </Button>
        {fileName ? (
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'break-word' }}>
            {fileName}
          </Text>
        ) : null}
      </Group>

      {readError ? (
        <Alert color="red" role="alert">
          {readError}
        </Alert>
      ) : null}
      {preview && preview.fileErrors.length > 0 ? (
        <Alert color="red" role="alert" title="This file cannot be imported">
          <List size="sm">
            {preview.fileErrors.map((e) => (
              <List.Item key={e}>{e}</List.Item>
            ))}
          </List>
        </Alert>
      ) : null}
      {serverError ? (
        <Alert color="red" role="alert" title="Import refused">
          {serverError}
        </Alert>
      ) : null}

      {preview && preview.rows.length > 0 ? (
        <>
          <Text size="sm" role="status" fw={500}>
            {plural(count, 'row', 'rows')} read
            {badRows > 0
              ? `, ${plural(badRows, 'row has', 'rows have')} problems. Fix them in the file and choose it again; nothing is imported until every row is right.`
              : ', no problems found.'}
          </Text>
          <WorkerImportPreview preview={preview} newCrews={newCrews} />
        </>
      ) : null}

      {importing.isPending ? (
        <Stack gap={4}>
          <Text size="sm">Importing {plural(count, 'worker', 'workers')}…</Text>
          <Progress value={progress} animated striped aria-label="Import progress" />
        </Stack>
      ) : null}

      {preview ? (
        <Group>
          <Button onClick={() => void runImport()} disabled={!ready} loading={importing.isPending}>
            Import {plural(count, 'worker', 'workers')}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
