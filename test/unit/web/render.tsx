import { MantineProvider } from '@mantine/core';
import { render, type RenderOptions } from '@testing-library/react';
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
