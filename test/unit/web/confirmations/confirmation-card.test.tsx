import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ConfirmationCard } from '../../../../web/src/features/confirmations/components/confirmation-card';
import { renderWithProviders } from '../render';

const VIEW = {
  jobsiteName: 'Harbor Crane Pad',
  workDate: '2026-12-03',
  verdict: 'full',
  foremanName: 'Ana Ruiz',
  answered: false,
  answer: null,
  answeredAt: null,
  line: null,
};

type Reply = { status: number; body: unknown };

/** The API as the page meets it: a GET of the view, then the POST's answer. */
function withApi(post: Reply) {
  const calls: { url: string; init?: RequestInit }[] = [];
  const before = globalThis.fetch;
  globalThis.fetch = jest.fn((url: string, init?: RequestInit) => {
    calls.push({ url, init });
    const reply = init?.method === 'POST' ? post : { status: 200, body: VIEW };
    return Promise.resolve({
      ok: reply.status < 400,
      status: reply.status,
      headers: new Headers({ 'content-type': 'application/json' }),
      json: () => Promise.resolve(reply.body),
      text: () => Promise.resolve(JSON.stringify(reply.body)),
    });
  }) as unknown as typeof fetch;
  return { calls, restore: () => (globalThis.fetch = before) };
}

function renderCard(suggested: 'stood-down' | 'working' | null) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithProviders(
    <QueryClientProvider client={client}>
      <ConfirmationCard token="c1~abc~def" suggested={suggested} />
    </QueryClientProvider>,
  );
}

describe('the public confirmation page', () => {
  it('should record nothing on opening, and the answer the foreman taps', async () => {
    const line = 'Confirmed by Ana Ruiz at 05:12: crew stood down (email link)';
    const api = withApi({ status: 200, body: { ...VIEW, answered: true, answer: 'stood-down', line } });
    try {
      renderCard('stood-down');
      expect(await screen.findByText('Harbor Crane Pad')).toBeInTheDocument();
      expect(api.calls.filter((c) => c.init?.method === 'POST')).toHaveLength(0);
      fireEvent.click(screen.getByRole('button', { name: 'Crew stood down' }));
      expect(await screen.findByText(line)).toBeInTheDocument();
      const post = api.calls.find((c) => c.init?.method === 'POST')!;
      expect(post.url).toContain('/api/confirmations/c1~abc~def');
      expect(JSON.parse(String(post.init!.body))).toEqual({ answer: 'stood-down' });
    } finally {
      api.restore();
    }
  });

  it('should say why when the notice was already answered the other way', async () => {
    const api = withApi({
      status: 409,
      body: {
        error:
          'This notice was already confirmed. Confirmed by Ana Ruiz at 05:10: working anyway (email link)',
      },
    });
    try {
      renderCard(null);
      fireEvent.click(await screen.findByRole('button', { name: 'Crew stood down' }));
      await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('already confirmed'));
    } finally {
      api.restore();
    }
  });
});
