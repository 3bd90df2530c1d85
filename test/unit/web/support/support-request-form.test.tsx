import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { SupportRequestForm } from '../../../../web/src/features/support/components/support-request-form';
import { SupportQueueList } from '../../../../web/src/features/support/components/support-queue-list';
import { SUPPORT_MESSAGES, respondBy, type SupportQueueItem } from '../../../../shared/support';
import { endSupportSession, startSupportSession } from '../../../../web/src/lib/support-session';
import { api } from '../../../../web/src/lib/api-client';
import { fakeAuth, renderWithProviders } from '../render';

jest.mock('../../../../web/src/lib/auth/load-auth-client', () => ({
  loadAuthClient: () => Promise.resolve({ idToken: () => Promise.resolve('admin-id-token') }),
}));

function answering(body: unknown = { id: 'req-1' }, status = 201) {
  const fetchMock = jest.fn((_path: string, _init?: RequestInit) =>
    Promise.resolve({ ok: status < 400, status, json: () => Promise.resolve(body) } as Response),
  );
  Object.assign(globalThis, { fetch: fetchMock });
  return fetchMock;
}

function renderForm(onSent = jest.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithProviders(
    <QueryClientProvider client={client}>
      <SupportRequestForm page="/jobsites/42" onSent={onSent} />
    </QueryClientProvider>,
    { auth: fakeAuth({ status: 'signedIn', user: { sub: 'u1', email: 'a@example.com' } as never }) },
  );
  return onSent;
}

describe('the Help form', () => {
  it('should send the subject, what happened and the page it was opened from', async () => {
    const fetchMock = answering();
    const onSent = renderForm();
    expect(screen.getByText('/jobsites/42')).toBeInTheDocument();
    fireEvent.change(screen.getByRole('textbox', { name: /Subject/ }), {
      target: { value: 'No notice today' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: /What happened/ }), {
      target: { value: 'The 5 AM notice never came.' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send to support' }));
    await waitFor(() => expect(onSent).toHaveBeenCalledWith('req-1'));
    const [path, init] = fetchMock.mock.calls[0]!;
    expect(path).toContain('/api/support/requests');
    expect(JSON.parse(String(init!.body))).toEqual({
      subject: 'No notice today',
      body: 'The 5 AM notice never came.',
      page: '/jobsites/42',
    });
    expect(new Headers(init!.headers).get('idempotency-key')).toBeTruthy();
  });

  it('should name each empty field and send nothing', async () => {
    const fetchMock = answering();
    renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Send to support' }));
    expect(await screen.findByText(SUPPORT_MESSAGES.subjectRequired)).toBeInTheDocument();
    expect(screen.getByText(SUPPORT_MESSAGES.bodyRequired)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

function item(
  id: string,
  plan: SupportQueueItem['plan'],
  createdAt: string,
  prioritySupport: boolean,
): SupportQueueItem {
  return {
    id,
    subject: `${id} subject`,
    page: '/dashboard',
    status: 'open',
    createdAt,
    updatedAt: createdAt,
    firstResponseAt: null,
    accountId: id,
    email: `${id}@example.com`,
    company: `${id} Co`,
    plan,
    prioritySupport,
    assignee: null,
    respondBy: respondBy(plan, createdAt),
  };
}

describe('the support queue', () => {
  it('should show each request with its plan and the time left to a first answer, overdue ones flagged', () => {
    renderWithProviders(
      <SupportQueueList
        items={[
          item('ent', 'enterprise', '2026-11-25T12:00:00Z', true),
          item('bas', 'basic', '2026-11-20T12:00:00Z', false),
        ]}
        selected={null}
        onSelect={() => undefined}
        now={new Date('2026-11-25T13:00:00Z')}
      />,
    );
    const rows = screen.getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('Enterprise · priority');
    expect(rows[0]).toHaveTextContent('First answer: 3 h 0 min left');
    expect(rows[1]).toHaveTextContent('First answer: overdue by 3 d 1 h');
  });
});

describe('a support session in the API client', () => {
  afterEach(() => endSupportSession());

  it("should send the session's token for the account's routes and the admin's own for admin routes", async () => {
    const fetchMock = answering({}, 200);
    startSupportSession({
      token: 'rcs_session',
      accountId: 'acct',
      company: 'Harbor',
      expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
    await api('/api/clients');
    await api('/api/admin/support/requests');
    const auth = fetchMock.mock.calls.map(([, init]) => new Headers(init!.headers).get('authorization'));
    expect(auth).toEqual(['Bearer rcs_session', 'Bearer admin-id-token']);
  });
});
