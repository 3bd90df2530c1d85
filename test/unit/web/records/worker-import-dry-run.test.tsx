import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { WorkerImport } from '../../../../web/src/features/workers/components/worker-import';
import { api, type ApiRequest } from '../../../../web/src/lib/api-client';
import { fakeAuth, renderWithProviders } from '../render';

jest.mock('../../../../web/src/lib/api-client', () => ({
  ...jest.requireActual('../../../../web/src/lib/api-client'),
  api: jest.fn(),
}));
const apiMock = api as jest.MockedFunction<typeof api>;

const FILE = [
  'name,email,phone,trade,crews,manager',
  'Ana Lopez,ana@example.com,,Carpenter,,yes',
  'Ben Ode,ben@example.com,,,,no',
  'Cy Tran,cy@example.com,,,,no',
].join('\n');

const DRY_RUN = {
  rows: [
    { row: 1, email: 'ana@example.com', name: 'Ana Lopez', status: 'updated' },
    { row: 2, email: 'ben@example.com', name: 'Ben Ode', status: 'unchanged' },
    { row: 3, email: 'cy@example.com', name: 'Cy Tran', status: 'new' },
  ],
  counts: { new: 1, updated: 1, unchanged: 1, error: 0 },
};

const signedIn = fakeAuth({ status: 'signedIn', user: { sub: 'u-1', email: 'o@example.com', groups: [] } });

function renderImport() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  renderWithProviders(
    <QueryClientProvider client={client}>
      <WorkerImport existingCrewNames={[]} onImported={() => undefined} />
    </QueryClientProvider>,
    { auth: signedIn },
  );
}

async function choose(content: string) {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
  fireEvent.change(input, { target: { files: [new File([content], 'workers.csv', { type: 'text/csv' })] } });
  return screen.findByRole('table', { name: 'Workers in the file' });
}

const importCalls = () =>
  apiMock.mock.calls.filter(([path]) => path === '/api/workers/import') as [string, ApiRequest][];

describe('WorkerImport against the dry run', () => {
  beforeEach(() => {
    apiMock.mockReset();
    apiMock.mockImplementation((path: string) =>
      path.includes('dryRun=true') ? Promise.resolve(DRY_RUN) : new Promise(() => undefined),
    );
  });

  it('should say per row whether the import makes it new, updates it or leaves it unchanged', async () => {
    renderImport();
    const table = await choose(FILE);

    const rows = within(table).getAllByRole('row').slice(1);
    expect(await within(rows[0]!).findByText('Updated')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Unchanged')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('New')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(/1 new worker, updates 1 and leaves 1 unchanged/);
  });

  it('should mark a row the dry run refuses and keep the import disabled', async () => {
    apiMock.mockImplementation(() =>
      Promise.resolve({
        rows: [
          { ...DRY_RUN.rows[0], status: 'error', fields: { email: 'This email appears twice in the file' } },
          DRY_RUN.rows[1],
          DRY_RUN.rows[2],
        ],
        counts: { new: 1, updated: 0, unchanged: 1, error: 1 },
      }),
    );
    renderImport();
    const table = await choose(FILE);

    const first = within(table).getAllByRole('row')[1]!;
    expect(await within(first).findByText('This email appears twice in the file')).toBeInTheDocument();
    expect(first).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('button', { name: 'Import 3 workers' })).toBeDisabled();
  });

  it('should send one import with an Idempotency-Key when "Import 3 workers" is double-clicked', async () => {
    renderImport();
    await choose(FILE);
    const button = screen.getByRole('button', { name: 'Import 3 workers' });

    fireEvent.click(button);
    fireEvent.click(button);

    await waitFor(() => expect(importCalls()).toHaveLength(1));
    expect(importCalls()[0]?.[1].idempotencyKey).toMatch(/^[A-Za-z0-9_-]{8,128}$/);
  });
});
