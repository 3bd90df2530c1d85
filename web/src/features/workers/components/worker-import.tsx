import { Alert, Badge, Button, FileButton, Group, List, Progress, Stack, Table, Text } from '@mantine/core';
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

function Cell({ row, column }: { row: PreviewRow; column: CsvColumn }) {
  const error = row.errors[column];
  const content =
    column === 'crews' ? (
      row.crews.length > 0 ? (
        <Group gap={4}>
          {row.crews.map((crew) => (
            <Badge key={crew} size="sm" variant="light" color="gray" style={{ textTransform: 'none' }}>
              {crew}
            </Badge>
          ))}
        </Group>
      ) : null
    ) : column === 'manager' ? (
      error ? (
        row.values.manager
      ) : row.isManager ? (
        'Yes'
      ) : (
        'No'
      )
    ) : (
      row.values[column]
    );
  return (
    <Table.Td style={{ overflowWrap: 'anywhere' }}>
      {content || (
        <Text span c="dimmed">
          —
        </Text>
      )}
      {error ? (
        <Text size="xs" c="red.8" fw={600} mt={2} className="import-cell-error">
          {error}
        </Text>
      ) : null}
    </Table.Td>
  );
}

/** The rows of the file with each one's problems; bad rows are marked for eyes and screen readers. */
export function WorkerImportPreview({
  preview,
  newCrews,
}: {
  preview: WorkersCsvPreview;
  newCrews: string[];
}) {
  return (
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
              <Table.Tr
                key={row.row}
                data-invalid={bad || undefined}
                aria-invalid={bad || undefined}
                bg={bad ? 'var(--mantine-color-red-light)' : undefined}
              >
                <Table.Td>{row.row}</Table.Td>
                {SHOWN.map((c) => (
                  <Cell key={c.column} row={row} column={c.column} />
                ))}
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {bad ? (
                    <Badge color="red" variant="filled" size="sm">
                      {plural(Object.keys(row.errors).length, 'problem', 'problems')}
                    </Badge>
                  ) : (
                    <Badge color="green" variant="light" size="sm">
                      OK
                    </Badge>
                  )}
                  {row.errors.row ? (
                    <Text size="xs" c="red.8" fw={600} mt={2}>
                      {row.errors.row}
                    </Text>
                  ) : null}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      {newCrews.length > 0 ? (
        <Text size="sm" c="dimmed" mt="xs">
          New crews will be created: {newCrews.join(', ')}.
        </Text>
      ) : null}
    </Table.ScrollContainer>
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
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
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
