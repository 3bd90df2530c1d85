import { fireEvent, screen, waitFor } from '@testing-library/react';
import { crewInputSchema, type Crew } from '../../../../shared/records/crew';
import { ClientForm } from '../../../../web/src/features/clients/components/client-form';
import { CrewForm } from '../../../../web/src/features/crews/components/crew-form';
import { api } from '../../../../web/src/lib/api-client';
import { renderWithProviders } from '../render';

jest.mock('../../../../web/src/lib/auth/load-auth-client', () => ({
  loadAuthClient: () => Promise.resolve({ idToken: () => Promise.resolve('a-token') }),
}));
jest.mock('../../../../web/src/config/runtime-env', () => ({
  getRuntimeConfig: () => ({ apiOrigin: 'http://api.test' }),
}));

const crew = (input: object): Crew =>
  ({ id: 'k1', name: 'Framing', notes: null, hourlyRateCents: null, workerIds: [], ...input }) as Crew;

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
