import { fireEvent, screen, waitFor } from '@testing-library/react';
import { DispatchRuns } from '../../../web/src/features/admin-ops/components/dispatch-runs';
import { answerFetchWith, renderWithProviders, withQuery } from './render';

jest.mock('../../../web/src/lib/auth/load-auth-client', () => ({
  loadAuthClient: () => Promise.resolve({ idToken: () => Promise.resolve('id-token') }),
}));

const RUN = {
  runId: 'r1',
  startedAt: '2026-12-02T11:00:01.000Z',
  slotStart: '2026-12-02T11:00:00.000Z',
  trigger: 'admin',
  due: 1,
  judged: 1,
  upstreamCalls: 1,
  sent: { notice: 2, update: 0, allClear: 0 },
  failed: 0,
  errors: [],
};

const answering = () => answerFetchWith((_path, init) => (init?.method === 'POST' ? RUN : { items: [] }));

const renderRuns = () => renderWithProviders(withQuery(<DispatchRuns />));

function postedBody(fetchMock: ReturnType<typeof answering>): unknown {
  const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
  return JSON.parse(String(post?.[1]?.body));
}

describe('Run now', () => {
  it('should run the slot of the chosen date and time (UTC) when the admin picks one', async () => {
    const fetchMock = answering();
    renderRuns();
    fireEvent.change(screen.getByLabelText('Slot to run (UTC)'), { target: { value: '2026-12-02T11:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Run now' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true));
    expect(postedBody(fetchMock)).toEqual({ at: '2026-12-02T11:00:00.000Z' });
  });

  it('should run the current slot when no date and time is chosen', async () => {
    const fetchMock = answering();
    renderRuns();
    fireEvent.click(screen.getByRole('button', { name: 'Run now' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true));
    expect(postedBody(fetchMock)).toEqual({});
  });
});

describe('a running slot', () => {
  it('should show batches done of all and messages sent so far while a run is under way', async () => {
    const running = {
      ...RUN,
      runId: 'r2',
      trigger: 'schedule',
      finishedAt: '',
      batches: 10,
      batchesDone: 3,
      sent: { notice: 40, update: 2, allClear: 0 },
    };
    const finished = { ...RUN, finishedAt: '2026-12-02T11:00:09.000Z', batches: 1, batchesDone: 1 };
    answerFetchWith(() => ({ items: [running, finished] }));
    renderRuns();
    expect(await screen.findByText('Batch 3 of 10 done, 42 sent')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Batch 3 of 10 done, 42 sent' })).toHaveAttribute(
      'aria-valuenow',
      '30',
    );
    expect(screen.getByText('Done, 1 batch')).toBeInTheDocument();
  });
});
