import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { TemplateEditor } from '../../../web/src/features/email/components/template-editor';
import { UnsubscribeCard } from '../../../web/src/features/email/components/unsubscribe-card';
import { defaultSubscription } from '../../../shared/subscription';
import { EmailPage } from '../../../web/src/app/routes/app/email';
import { noticeTemplate } from '../../support/email-templates';
import { fakeAuth, renderWithProviders } from '../web/render';

jest.mock('../../../web/src/lib/auth/load-auth-client', () => ({
  loadAuthClient: () => Promise.resolve({ idToken: () => Promise.resolve('id-token') }),
}));

function jsonResponse(status: number, body: unknown): Response {
  return { ok: status >= 200 && status < 300, status, json: () => Promise.resolve(body) } as Response;
}

function withQuery(ui: React.ReactElement) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderWithProviders(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

const view = {
  email: 'ana@example.com',
  status: 'active',
  sender: 'Acme Builders',
  jobsiteNames: ['Union Station'],
};

describe('the unsubscribe page', () => {
  it('should show who is unsubscribing, then confirm with one button without signing in', async () => {
    const fetchMock = jest
      .fn()
      .mockResolvedValueOnce(jsonResponse(200, view))
      .mockResolvedValueOnce(jsonResponse(200, { ...view, status: 'unsubscribed' }));
    Object.assign(globalThis, { fetch: fetchMock });
    withQuery(<UnsubscribeCard token="u1.abc.def" />);

    expect(await screen.findByText('ana@example.com')).toBeInTheDocument();
    expect(screen.getByText('Union Station')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Unsubscribe' }));

    expect(await screen.findByText("You're unsubscribed")).toBeInTheDocument();
    const post = fetchMock.mock.calls[1] as [string, RequestInit];
    expect(post[0]).toBe('/api/unsubscribe');
    expect(JSON.parse(String(post[1].body))).toEqual({ token: 'u1.abc.def' });
    expect((post[1].headers as Record<string, string>).authorization).toBeUndefined();
  });

  it('should say the link is not valid when the server refuses it', async () => {
    Object.assign(globalThis, {
      fetch: jest.fn().mockResolvedValue(jsonResponse(400, { error: 'This unsubscribe link is not valid.' })),
    });
    withQuery(<UnsubscribeCard token="u1.bad.token" />);
    expect(await screen.findByRole('alert')).toHaveTextContent('This unsubscribe link is not valid.');
  });

  it('should explain what to do when the page is opened without a token', () => {
    withQuery(<UnsubscribeCard token={null} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Open the unsubscribe link in the email again');
  });
});

describe('the template editor', () => {
  it("should preview the notice with the account's own company and name", async () => {
    withQuery(
      <TemplateEditor
        account={{ company: 'Pier Builders', name: 'Pat Doyle' }}
        onSave={jest.fn()}
        onCancel={() => undefined}
      />,
    );
    // The HTML part renders in a sandboxed frame: its document is the frame's srcdoc.
    const html = () => document.querySelector('iframe')?.getAttribute('srcdoc') ?? '';
    await waitFor(() => expect(html()).toContain('Pier Builders'));
    expect(html()).toContain('Pat Doyle');
    expect(html()).not.toContain('Summit Builders');
  });

  it('should preview the default wording with the sample data and refuse an unknown placeholder', async () => {
    const onSave = jest.fn().mockResolvedValue(undefined);
    withQuery(<TemplateEditor onSave={onSave} onCancel={() => undefined} />);

    expect(
      await screen.findByText('Partial delay at Riverside Medical Center – Tue, Mar 10'),
    ).toBeInTheDocument();
    fireEvent.change(screen.getByRole('textbox', { name: /Subject/ }), {
      target: { value: 'Hi {{foreman}}' },
    });
    await waitFor(() => expect(screen.getByText(/Unknown placeholder \{\{foreman\}\}/)).toBeInTheDocument());
    fireEvent.change(screen.getByRole('textbox', { name: /Name/ }), { target: { value: 'Crew' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create template' }));
    expect(onSave).not.toHaveBeenCalled();

    fireEvent.change(screen.getByRole('textbox', { name: /Subject/ }), {
      target: { value: '{{jobsite}} today' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Create template' }));
    await waitFor(() =>
      expect(onSave).toHaveBeenCalledWith(
        expect.objectContaining({
          name: 'Crew',
          kind: 'notice',
          audience: 'worker',
          subject: '{{jobsite}} today',
        }),
      ),
    );
    expect(await screen.findByText('Riverside Medical Center today')).toBeInTheDocument();
  });
});

describe('the /email screen', () => {
  it("should show the plan's template limit, disable New template at the limit and show an empty history while /api/alerts is missing", async () => {
    const template = {
      id: 't1',
      ...noticeTemplate('Crew notice', '{{action}}'),
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    };
    const me = {
      profile: {
        userId: 'u1',
        email: 'boss@example.com',
        name: null,
        company: null,
        units: 'us',
        createdAt: null,
      },
      subscription: { ...defaultSubscription('u1') },
      isAdmin: false,
    };
    Object.assign(globalThis, {
      fetch: jest.fn(async (url: string) => {
        if (url.startsWith('/api/me')) return jsonResponse(200, me);
        if (url.startsWith('/api/email-templates'))
          return jsonResponse(200, { items: [template], nextCursor: null });
        return jsonResponse(404, { error: 'Not found' });
      }),
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    renderWithProviders(
      <QueryClientProvider client={client}>
        <EmailPage />
      </QueryClientProvider>,
      {
        auth: fakeAuth({
          status: 'signedIn',
          user: { sub: 'u1', email: 'boss@example.com', groups: [] },
          getClient: () => Promise.resolve({ idToken: () => Promise.resolve('id-token') } as never),
        }),
      },
    );

    expect(await screen.findByText('Crew notice')).toBeInTheDocument();
    expect(await screen.findByText(/1 of 1 template on no plan/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New template' })).toBeDisabled();
    expect(await screen.findByText('Nothing sent yet')).toBeInTheDocument();
  });
});
