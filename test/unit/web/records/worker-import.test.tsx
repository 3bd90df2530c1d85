import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, within } from '@testing-library/react';
import { WorkerImport } from '../../../../web/src/features/workers/components/worker-import';
import { previewWorkersCsv, withServerErrors } from '../../../../web/src/features/workers/worker-csv';
import { renderWithProviders } from '../render';

const GOOD = [
  'name,email,phone,trade,crews,manager',
  'Ana Lopez,ana@example.com,+1 206 555 0100,Carpenter,Framing; Concrete,yes',
  'Ben Ode,ben@example.com,,,Framing,no',
].join('\n');

const ONE_BAD = [
  'Name , Email,phone,trade,crews,manager',
  'Ana Lopez,ana@example.com,,Carpenter,Framing,yes',
  'Ben Ode,not-an-email,,,,maybe',
  'Cy Tran,cy@example.com,,,,',
].join('\n');

describe('previewWorkersCsv', () => {
  it('should read every row with its crews and manager flag when the file is valid', () => {
    const preview = previewWorkersCsv(GOOD);

    expect(preview.fileErrors).toEqual([]);
    expect(preview.rows.map((r) => r.errors)).toEqual([{}, {}]);
    expect(preview.rows[0]).toMatchObject({ row: 1, crews: ['Framing', 'Concrete'], isManager: true });
    expect(preview.rows[1]).toMatchObject({ row: 2, crews: ['Framing'], isManager: false });
  });

  it('should mark only the bad row, with a reason per column, when one row has a bad email and manager value', () => {
    const preview = previewWorkersCsv(ONE_BAD);

    expect(preview.rows).toHaveLength(3);
    expect(preview.rows[0]?.errors).toEqual({});
    expect(preview.rows[1]?.errors).toEqual({
      email: 'Enter a valid email address',
      manager: 'Manager must be yes or no',
    });
    expect(preview.rows[2]?.errors).toEqual({});
  });

  it('should refuse the file as a whole when the email column is missing or a column is unknown', () => {
    expect(previewWorkersCsv('name,phone\nAna,555 010 2000').fileErrors[0]).toMatch(/"name" and "email"/);
    expect(previewWorkersCsv('name,email,shoe size\nAna,ana@example.com,9').fileErrors[0]).toMatch(
      /Unknown columns: shoe size/,
    );
  });

  it('should flag the second of two rows with the same email', () => {
    const preview = previewWorkersCsv('name,email\nAna,ana@example.com\nAnn,ANA@example.com');
    expect(preview.rows[1]?.errors.email).toBe('This email appears twice in the file');
  });

  it('should put the server row errors on their rows', () => {
    const preview = previewWorkersCsv('email,name\nana@example.com,Ana');

    const marked = withServerErrors(preview, [
      { row: 1, fields: { email: 'A worker with this email exists' } },
    ]);
    expect(marked.rows[0]?.errors).toEqual({ email: 'A worker with this email exists' });
  });
});

describe('WorkerImport', () => {
  function renderImport() {
    const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
    renderWithProviders(
      <QueryClientProvider client={client}>
        <WorkerImport existingCrewNames={['Framing']} onImported={() => undefined} />
      </QueryClientProvider>,
    );
  }

  async function choose(content: string) {
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    const file = new File([content], 'workers.csv', { type: 'text/csv' });
    fireEvent.change(input, { target: { files: [file] } });
    return screen.findByRole('table', { name: 'Workers in the file' });
  }

  it('should mark the bad row in the preview and disable the import when a row has errors', async () => {
    renderImport();
    const table = await choose(ONE_BAD);

    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[1]).toHaveAttribute('aria-invalid', 'true');
    expect(within(rows[1]!).getByText('Enter a valid email address')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('2 problems')).toBeInTheDocument();
    expect(rows[0]).not.toHaveAttribute('aria-invalid');
    expect(screen.getByText(/1 row has problems/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import 3 workers' })).toBeDisabled();
  });

  it('should enable "Import n workers" and name the crews it will create when every row is valid', async () => {
    renderImport();
    await choose(GOOD);

    expect(screen.getByRole('button', { name: 'Import 2 workers' })).toBeEnabled();
    expect(screen.getByText('New crews will be created: Concrete.')).toBeInTheDocument();
  });
});

describe('WorkerImport with a bad phone number', () => {
  const PHONE_BAD = [
    'name,email,phone,trade,crews,manager',
    'Ana Lopez,ana@example.com,+1 206 555 0100,,,no',
    'Ben Ode,ben@example.com,555 010,,,no',
    'Cy Tran,cy@example.com,,,,',
  ].join('\n');

  /** The import with the file chosen: resolves once its preview table is shown. */
  function importFile(csv: string) {
    const client = new QueryClient({
      defaultOptions: { mutations: { retry: false }, queries: { retry: false } },
    });
    renderWithProviders(
      <QueryClientProvider client={client}>
        <WorkerImport existingCrewNames={[]} onImported={() => undefined} />
      </QueryClientProvider>,
    );
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    fireEvent.change(input, { target: { files: [new File([csv], 'workers.csv', { type: 'text/csv' })] } });
    return screen.findByRole('table', { name: 'Workers in the file' });
  }

  it('should show a row whose only fault is its phone as an error, yet let the good rows be imported', async () => {
    const table = await importFile(PHONE_BAD);

    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[1]).toHaveAttribute('aria-invalid', 'true');
    expect(within(rows[1]!).getByText('Skipped: phone')).toBeInTheDocument();
    expect(within(rows[1]!).getByText(/Enter a mobile number/)).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('1 row has a bad phone number and will be skipped');
    expect(screen.getByRole('button', { name: 'Import 2 workers' })).toBeEnabled();
  });

  it('should still block the import when a row has another fault besides its phone', async () => {
    await importFile(
      'name,email,phone\nAna Lopez,ana@example.com,+1 206 555 0100\nBen Ode,not-an-email,555 010',
    );
    expect(screen.getByRole('status')).toHaveTextContent('1 row has problems');
    expect(screen.getByRole('button', { name: /Import \d workers?/ })).toBeDisabled();
  });
});
