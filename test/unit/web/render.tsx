import { MantineProvider } from '@mantine/core';
import { render, type RenderOptions } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { theme } from '../../../web/src/app/theme';
import { ToastViewport } from '../../../web/src/components/toast-viewport';
import { AuthContext, type AuthContextValue } from '../../../web/src/lib/auth/auth-context';

/** A signed-out auth context whose methods a test can replace. */
export function fakeAuth(overrides: Partial<AuthContextValue> = {}): AuthContextValue {
  return {
    status: 'signedOut',
    user: null,
    signedOutByUser: false,
    getClient: () => Promise.reject(new Error('no auth client in this test')),
    preload: () => undefined,
    signIn: () => Promise.reject(new Error('signIn not faked')),
    confirmTotpCode: () => Promise.reject(new Error('confirmTotpCode not faked')),
    signOut: () => Promise.resolve(),
    refresh: () => Promise.resolve(null),
    ...overrides,
  };
}

interface Options extends Omit<RenderOptions, 'wrapper'> {
  auth?: AuthContextValue;
  route?: string;
}

/** Renders inside Mantine (test env: no transitions or portals), a router and an auth context. */
export function renderWithProviders(
  ui: ReactElement,
  { auth = fakeAuth(), route = '/', ...options }: Options = {},
) {
  function Wrapper({ children }: { children: ReactNode }) {
    return (
      <MantineProvider theme={theme} env="test">
        <ToastViewport />
        <AuthContext value={auth}>
          <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter>
        </AuthContext>
      </MantineProvider>
    );
  }
  return render(ui, { wrapper: Wrapper, ...options });
}

/** `children` inside a fresh TanStack Query client that does not retry (a failed read shows at once). */
export function withQuery(children: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

/** Replaces `fetch` with a mock that answers 200 with the JSON `bodyFor` gives for each request. */
export function answerFetchWith(bodyFor: (path: string, init?: RequestInit) => unknown) {
  const fetchMock = jest.fn((path: string, init?: RequestInit) => {
    const body = bodyFor(path, init);
    return Promise.resolve({ ok: true, status: 200, json: () => Promise.resolve(body) } as Response);
  });
  Object.assign(globalThis, { fetch: fetchMock });
  return fetchMock;
}
