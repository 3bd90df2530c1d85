/**
 * @jest-environment ./test/unit/web/jsdom-with-fetch.cjs
 */
import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { routes } from '../../../web/src/app/router';
import { RouteError } from '../../../web/src/components/route-error';
import { AuthContext, type AuthContextValue } from '../../../web/src/lib/auth/auth-context';
import { reloadPage } from '../../../web/src/lib/browser';
import { fakeAuth } from './render';
import { MAIN_NAV_LABELS } from '../../support/main-nav';

jest.mock('../../../web/src/lib/browser', () => ({ reloadPage: jest.fn() }));
// The dashboard's GET /api/me stays pending: these tests are about routing, not the API.
jest.mock('../../../web/src/features/account/api/get-me', () => ({
  useMe: () => ({ isPending: true, isError: false }),
}));

// The server decides who is an admin (GET /api/admin/me); here it answers as it would for the
// token's groups, since these tests are about routing.
jest.mock('../../../web/src/lib/auth/admin-identity', () => {
  const actual = jest.requireActual('../../../web/src/lib/auth/admin-identity');
  const { useAuth } = jest.requireActual('../../../web/src/lib/auth/auth-context');
  return {
    ...actual,
    useAdminCheck: () => {
      const { user } = useAuth();
      if (!user?.groups.includes('admins')) return { state: 'notAdmin' };
      return {
        state: 'admin',
        identity: {
          id: user.sub,
          email: user.email,
          firstName: '',
          lastName: '',
          role: 'super_admin',
          permissions: [],
          totpEnabled: true,
        },
      };
    },
  };
});

function renderAt(path: string, auth: AuthContextValue = fakeAuth(), table: RouteObject[] = routes) {
  const router = createMemoryRouter(table, { initialEntries: [path] });
  render(
    <MantineProvider env="test">
      <AuthContext value={auth}>
        <RouterProvider router={router} />
      </AuthContext>
    </MantineProvider>,
  );
  return router;
}

const contractor = fakeAuth({
  status: 'signedIn',
  user: { sub: 'u-1', email: 'demo@raincheck.local', groups: [] },
});
const admin = fakeAuth({
  status: 'signedIn',
  user: { sub: 'a-1', email: 'admin@raincheck.local', groups: ['admins'] },
});

describe('routes', () => {
  it('should show the not-found page when the path matches no route', async () => {
    renderAt('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });

  it('should send a signed-out visitor to /login when a signed-in page is opened', async () => {
    const router = renderAt('/clients');
    expect(await screen.findByRole('heading', { name: 'Log in to Raincheck' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('should send a visitor who just signed out to the landing page when they were on a signed-in page', async () => {
    const router = renderAt('/clients', fakeAuth({ signedOutByUser: true }));
    expect(
      await screen.findByRole('heading', { level: 1, name: /Automate Weather Delay Notifications/ }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('should show a signed-in page inside the shared layout when the user is signed in', async () => {
    renderAt('/analytics', contractor);
    expect(await screen.findByRole('heading', { name: 'Analytics' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    for (const label of MAIN_NAV_LABELS) {
      expect(nav).toContainElement(screen.getByRole('link', { name: label }));
    }
    expect(screen.getByRole('link', { name: 'Analytics' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
  });

  it('should redirect /admin to /admin/dashboard when the user is an admin', async () => {
    const router = renderAt('/admin', admin);
    expect(await screen.findByRole('heading', { name: 'Admin dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/dashboard');
  });

  it('should refuse the admin area with a clear message when the user is not an admin', async () => {
    const router = renderAt('/admin/users', contractor);
    expect(await screen.findByText(/which is not an administrator account/)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/login');
  });

  it('should send a signed-in user from /login to the dashboard when they open it', async () => {
    const router = renderAt('/login', contractor);
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});

describe('global error screen', () => {
  function Boom(): never {
    throw new Error('The forecast service sent nonsense');
  }

  it('should show "Something went wrong", the message and both ways out when a page throws', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderAt('/', fakeAuth(), [{ path: '/', element: <Boom />, errorElement: <RouteError /> }]);

    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByText('The forecast service sent nonsense')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to homepage' })).toHaveAttribute('href', '/');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(reloadPage).toHaveBeenCalledTimes(1);
    jest.restoreAllMocks();
  });
});
