import { MantineProvider } from '@mantine/core';
import { render, type RenderOptions } from '@testing-library/react';
import { createContext, use, useState, type ReactElement, type ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
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

// The element under test, read by the router's one route: a rerender shows the new element in the same router.
const UnderTest = createContext<ReactNode>(null);
const ShowUnderTest = () => <>{use(UnderTest)}</>;

/** A data router (forms guard unsaved changes with useBlocker, which needs one) at `route`. */
function TestRouter({ route, children }: { route: string; children: ReactNode }) {
  const [router] = useState(() =>
    createMemoryRouter([{ path: '*', element: <ShowUnderTest /> }], { initialEntries: [route] }),
  );
  return (
    <UnderTest value={children}>
      <RouterProvider router={router} />
    </UnderTest>
  );
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
          <TestRouter route={route}>{children}</TestRouter>
        </AuthContext>
      </MantineProvider>
    );
  }
  return render(ui, { wrapper: Wrapper, ...options });
}
