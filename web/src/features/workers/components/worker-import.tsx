import { Alert, Button, FileButton, Group, List, Progress, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { WORKER_CSV_COLUMNS, WORKER_IMPORT_MAX_ROWS } from '../../../../../shared/records/worker';
import { errorMessage } from '../../../components/error-screen';
import { downloadText } from '../../../lib/download';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { toast } from '../../../lib/toast';
import {
  importRowErrors,
  useImportPreview,
  useImportWorkers,
  type ImportPreview,
  type ImportWorkersResult,
} from '../api/import-workers';
import {
  onlyPhoneBad,
  previewWorkersCsv,
  rowBlocksImport,
  templateCsv,
  withServerErrors,
  type WorkersCsvPreview,
} from '../worker-csv';
import { WorkerImportPreview } from './worker-import-preview';

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

/**
 * "3 workers imported." or, when some existed, "3 workers imported: 1 new, 2 updated.", and the rows
 * left out for their phone number by line.
 */
function importedMessage(result: ImportWorkersResult): string {
  const done = `${plural(result.imported, 'worker', 'workers')} imported`;
  const counts = result.counts;
  const what =
    counts && counts.updated > 0 ? `${done}: ${counts.new} new, ${counts.updated} updated.` : `${done}.`;
  const skipped = (result.rows ?? []).filter((r) => r.status === 'error').map((r) => r.row);
  return skipped.length > 0
    ? `${what} Skipped for a bad phone number: ${plural(skipped.length, 'row', 'rows')} (${skipped.join(', ')}).`
    : what;
}

/** The dry run's outcome per row, and its error rows in the shape the preview marks. */
function dryRunOutcome(dryRun: ImportPreview | undefined) {
  const statuses = new Map((dryRun?.rows ?? []).map((r) => [r.row, r.status]));
  const errors = (dryRun?.rows ?? []).flatMap((r) =>
    r.status === 'error' && r.fields ? [{ row: r.row, fields: r.fields }] : [],
  );
  return { statuses, errors };
}

/**
 * CSV import of workers: pick a file, see every row checked in the browser and what the import will
 * do with it (the server's dry run matches rows by email: new, updated, unchanged), import only when
 * no row has a problem but its phone number. The server checks again, leaves out (and reports) the
 * rows whose only fault is the phone, and otherwise imports all rows or none; its row errors land on
 * the rows. One Idempotency-Key per click of "Import": a double click imports once.
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
  // Set before the request: a second click can come before React re-renders the disabled button.
  const inFlight = useRef(false);
  const dryRun = useImportPreview(preview && preview.fileErrors.length === 0 ? csv : '');
  const outcome = dryRunOutcome(dryRun.data);

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
  const shown = preview && outcome.errors.length > 0 ? withServerErrors(preview, outcome.errors) : preview;
  const badRows = shown?.rows.filter(rowBlocksImport).length ?? 0;
  // Rows whose only fault is the phone number are shown as errors; the server imports the others.
  const phoneRows = shown?.rows.filter(onlyPhoneBad).length ?? 0;
  const count = (preview?.rows.length ?? 0) - phoneRows;
  const ready = !!preview && preview.fileErrors.length === 0 && badRows === 0 && count > 0;

  const runImport = async () => {
    if (!preview || !ready || inFlight.current) return;
    inFlight.current = true;
    setServerError(null);
    try {
      const result = await importing.mutateAsync({ csv, idempotencyKey: newIdempotencyKey() });
      toast.success(importedMessage(result));
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
    } finally {
      inFlight.current = false;
    }
  };

  return (
    <Stack gap="md">
      <Text size="sm">
        A CSV file with a header row and the columns <strong>{WORKER_CSV_COLUMNS.join(', ')}</strong>. Name
        and email are required; <em>crews</em> holds crew names separated by semicolons (missing crews are
        created);
        <em> manager</em> is yes or no. Up to {WORKER_IMPORT_MAX_ROWS} rows. A row whose only problem is its
        phone number is skipped and reported; any other problem stops the import, so all the other rows are
        imported, or none.
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
        <Button variant="subtle" onClick={() => downloadText('workers-template.csv', templateCsv())}>
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

      {shown && shown.rows.length > 0 ? (
        <>
          <Text size="sm" role="status" fw={500}>
            {plural(shown.rows.length, 'row', 'rows')} read
            {phoneRows > 0
              ? `, ${plural(phoneRows, 'row has', 'rows have')} a bad phone number and will be skipped (fix the number and import the file again)`
              : ''}
            {badRows > 0
              ? `, ${plural(badRows, 'row has', 'rows have')} problems. Fix them in the file and choose it again; nothing is imported until every row is right.`
              : phoneRows > 0
                ? '.'
                : ', no problems found.'}
            {dryRun.data && badRows === 0
              ? ` The import makes ${plural(dryRun.data.counts.new, 'new worker', 'new workers')}, updates ${dryRun.data.counts.updated} and leaves ${dryRun.data.counts.unchanged} unchanged.`
              : ''}
          </Text>
          {dryRun.isError ? (
            <Text size="sm" c="dimmed">
              Could not check the file against your workers ({errorMessage(dryRun.error)}); the import still
              checks every row.
            </Text>
          ) : null}
          <WorkerImportPreview
            preview={shown}
            newCrews={newCrews}
            statuses={outcome.statuses}
            checking={dryRun.isFetching}
          />
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
