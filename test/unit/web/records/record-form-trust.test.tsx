import { fireEvent, screen, waitFor } from '@testing-library/react';
import { crewInputSchema, type Crew } from '../../../../shared/records/crew';
import { jobsiteInputSchema } from '../../../../shared/records/jobsite';
import { ClientForm } from '../../../../web/src/features/clients/components/client-form';
import { CrewForm } from '../../../../web/src/features/crews/components/crew-form';
import { api } from '../../../../web/src/lib/api-client';
import { renderWithProviders } from '../render';
import { renderJobsiteForm, typePlace } from './jobsite-form-harness';

jest.mock('../../../../web/src/lib/auth/load-auth-client', () => ({
  loadAuthClient: () => Promise.resolve({ idToken: () => Promise.resolve('a-token') }),
}));
jest.mock('../../../../web/src/config/runtime-env', () => ({
  getRuntimeConfig: () => ({ apiOrigin: 'http://api.test' }),
}));

const crew = (input: object): Crew =>
  ({
    id: 'k1',
    name: 'Framing',
    notes: null,
    hourlyRateCents: null,
    workerIds: [],
    createdAt: '2026-11-23T00:00:00Z',
    updatedAt: '2026-11-23T00:00:00Z',
    ...input,
  }) as Crew;

describe('double-click safety', () => {
  it('should send one create when the submit button is clicked twice before the first save ends', async () => {
    let finish: (value: unknown) => void = () => undefined;
    const onSubmit = jest.fn(() => new Promise((resolve) => (finish = resolve)));
    renderWithProviders(
      <ClientForm submitLabel="Create client" onSubmit={onSubmit as never} onSaved={() => undefined} />,
    );
    fireEvent.change(screen.getByLabelText(/Company name/), { target: { value: 'Acme' } });
    const button = screen.getByRole('button', { name: 'Create client' });

    fireEvent.click(button);
    fireEvent.click(button);

    await waitFor(() => expect(button).toBeDisabled());
    expect(onSubmit).toHaveBeenCalledTimes(1);
    finish({ id: 'c1', name: 'Acme' });
  });

  it('should send the Idempotency-Key header when a request carries one', async () => {
    const fetchMock = jest.fn((_url: string, _init?: RequestInit) =>
      Promise.resolve({ ok: true, status: 201, json: () => Promise.resolve({ id: 'c1' }) }),
    );
    const before = globalThis.fetch;
    globalThis.fetch = fetchMock as unknown as typeof fetch;
    try {
      await api('/api/clients', { method: 'POST', body: { name: 'Acme' }, idempotencyKey: 'key-12345678' });
    } finally {
      globalThis.fetch = before;
    }
    const headers = fetchMock.mock.calls[0]?.[1]?.headers as Record<string, string>;
    expect(headers['idempotency-key']).toBe('key-12345678');
  });
});

describe('out-of-range numbers', () => {
  it('should show the schema reason under the rate and not save when a crew rate of -45 is typed', async () => {
    const onSubmit = jest.fn((input: object) => Promise.resolve(crew(input)));
    renderWithProviders(
      <CrewForm crew={crew({})} submitLabel="Save" onSubmit={onSubmit} onSaved={() => undefined} />,
    );
    const rate = screen.getByLabelText('Hourly rate per worker');
    fireEvent.change(rate, { target: { value: '-45' } });
    fireEvent.blur(rate);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    // The reason is the shared schema's own, whatever its wording: the form and the API give the same.
    const parsed = crewInputSchema.safeParse({ name: 'Framing', notes: null, hourlyRateCents: -4500 });
    const reason = parsed.success ? 'no reason' : (parsed.error.issues[0]?.message ?? 'no reason');
    expect(await screen.findByText(reason)).toBeInTheDocument();
    expect(rate).toHaveAttribute('aria-invalid', 'true');
    expect(onSubmit).not.toHaveBeenCalled();
  });
});

describe('out-of-range allowance', () => {
  it("should show February's reason under the months and not save when 45 weather days are typed for February", async () => {
    const onSubmit = renderJobsiteForm(jest.fn());
    typePlace('Riverside', '41.8781', '-87.6298');
    const february = screen.getByLabelText('Anticipated weather days in Feb');
    fireEvent.change(february, { target: { value: '45' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create jobsite' }));

    // The shared schema's own reason for February, whatever its wording.
    const days = [0, 45, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
    const parsed = jobsiteInputSchema.safeParse({ anticipatedWeatherDays: days });
    const issue = parsed.error?.issues.find((i) => i.path.join('.') === 'anticipatedWeatherDays.1');
    expect(issue).toBeDefined();
    expect(await screen.findByText(issue!.message, { exact: false })).toBeInTheDocument();
    expect(february).toHaveAttribute('aria-invalid', 'true');
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
