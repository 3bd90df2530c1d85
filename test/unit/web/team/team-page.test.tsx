import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { TeamPage } from '../../../../web/src/app/routes/app/team';
import { fakeAuth, renderWithProviders } from '../render';

jest.mock('../../../../web/src/lib/auth/load-auth-client', () => ({
  loadAuthClient: () => Promise.resolve({ idToken: () => Promise.resolve('id-token') }),
}));

const OWNER = { userId: 'owner-sub', email: 'owner@example.com' };
const TEAM = {
  members: [
    { ...OWNER, role: 'owner', invitedBy: null, joinedAt: null, lastSignInAt: '2026-11-20T14:00:00.000Z' },
    {
      userId: 'ann-sub',
      email: 'ann@example.com',
      role: 'manager',
      invitedBy: 'owner@example.com',
      joinedAt: '2026-11-21T09:00:00.000Z',
      lastSignInAt: null,
    },
  ],
  invites: [
    {
      id: 'inv-1',
      email: 'bob@example.com',
      role: 'viewer',
      invitedBy: 'owner@example.com',
      createdAt: '2026-11-24T09:00:00.000Z',
      validUntil: '2099-12-01T09:00:00.000Z',
    },
  ],
  seats: { limit: 10, used: 3 },
};
const AUDIT = {
  entries: [
    {
      id: 'a1',
      at: '2026-11-24T10:00:00.000Z',
      action: 'record-changed',
      actor: 'ann@example.com',
      subject: 'jobsite “Harbor Point Tower”',
      detail: 'updated',
    },
    {
      id: 'a0',
      at: '2026-11-23T10:00:00.000Z',
      action: 'invited',
      actor: 'owner@example.com',
      subject: 'ann@example.com',
      detail: 'manager',
    },
  ],
};

function answering(
  role: 'owner' | 'viewer',
  refusal?: { status: number; body: unknown },
  team: Omit<typeof TEAM, 'seats'> & { seats: { limit: number | null; used: number } } = TEAM,
) {
  const me = { profile: {}, subscription: {}, isAdmin: false, account: { id: 'owner-sub', role, ...OWNER } };
  const fetchMock = jest.fn((path: string, init?: RequestInit) => {
    const url = String(path);
    const reply = (status: number, body: unknown) =>
      Promise.resolve({ ok: status < 400, status, json: () => Promise.resolve(body) } as Response);
    if (init?.method && init.method !== 'GET')
      return refusal ? reply(refusal.status, refusal.body) : reply(201, { id: 'x' });
    if (url.endsWith('/api/me')) return reply(200, me);
    if (url.endsWith('/api/account/audit')) return reply(200, AUDIT);
    return reply(200, team);
  });
  Object.assign(globalThis, { fetch: fetchMock });
  return fetchMock;
}

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithProviders(
    <QueryClientProvider client={client}>
      <TeamPage />
    </QueryClientProvider>,
    { auth: fakeAuth({ status: 'signedIn', user: { sub: 'owner-sub', email: OWNER.email } as never }) },
  );
}

/** Types the address into the invite form and sends it, as the owner does. */
async function inviteAddress(address: string) {
  fireEvent.change(await screen.findByRole('textbox', { name: 'Email' }), { target: { value: address } });
  fireEvent.click(screen.getByRole('button', { name: 'Send invite' }));
}

describe('the team page', () => {
  it('should show the owner the members with their role, who invited them, pending invites and the audit log', async () => {
    answering('owner');
    renderPage();

    const ann = await screen.findByRole('listitem', { name: 'ann@example.com' });
    expect(within(ann).getByText(/Invited by owner@example.com/)).toBeInTheDocument();
    expect(within(ann).getByText(/Last sign-in: Never/)).toBeInTheDocument();
    expect(within(ann).getByRole('combobox', { name: 'Role of ann@example.com' })).toHaveValue('Manager');
    expect(screen.getByRole('listitem', { name: 'bob@example.com' })).toHaveTextContent('Viewer');
    expect(screen.getByText('3 of 10 seats used (pending invites count)')).toBeInTheDocument();
    expect(
      await screen.findByText('ann@example.com updated jobsite “Harbor Point Tower”'),
    ).toBeInTheDocument();
    expect(screen.getByText('owner@example.com invited ann@example.com as manager')).toBeInTheDocument();
  });

  it('should count one seat in the singular when the owner is alone on an unlimited plan', async () => {
    answering('owner', undefined, {
      members: [TEAM.members[0]!],
      invites: [],
      seats: { limit: null, used: 1 },
    });
    renderPage();

    expect(await screen.findByText('1 seat used (unlimited on your plan)')).toBeInTheDocument();
  });

  it('should keep the invite role field to the role name and say what the role may do under it', async () => {
    answering('owner');
    renderPage();

    // A summary in the field itself was cut off at a phone's width.
    const role = await screen.findByRole('combobox', { name: 'Role' });
    expect(role).toHaveValue('Manager');
    expect(role).toHaveAccessibleDescription('Records, rules, templates, notices and ledger marks');
  });

  it('should send an invite with the chosen address and role', async () => {
    const fetchMock = answering('owner');
    renderPage();

    await inviteAddress('Carl@Example.com');

    await waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith(
        expect.stringContaining('/api/account/invites'),
        expect.objectContaining({
          method: 'POST',
          body: JSON.stringify({ email: 'carl@example.com', role: 'manager' }),
        }),
      ),
    );
  });

  it("should show the server's refusal when the plan's seats are taken", async () => {
    const error =
      'Your Basic plan has 2 seats, all taken (pending invites count). Remove someone or upgrade your plan.';
    answering('owner', { status: 403, body: { error } });
    renderPage();

    await inviteAddress('d@example.com');

    expect(await screen.findByText(error)).toHaveAttribute('role', 'alert');
  });

  it('should say an invalid address before sending anything', async () => {
    const fetchMock = answering('owner');
    renderPage();

    await inviteAddress('not-an-address');

    expect(await screen.findByText('Email must be a valid email address')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('should show a viewer the team without invite, role changes or the audit log', async () => {
    answering('viewer');
    renderPage();

    expect(await screen.findByRole('listitem', { name: 'ann@example.com' })).toHaveTextContent('Manager');
    expect(screen.getByText(/Only the owner changes the team/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send invite' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Audit log' })).not.toBeInTheDocument();
  });
});
