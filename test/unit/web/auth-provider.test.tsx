import { act, render, screen, waitFor } from '@testing-library/react';
import { AuthProvider } from '../../../web/src/lib/auth/auth-provider';
import { useAuth } from '../../../web/src/lib/auth/auth-context';
import { loadAuthClient, sessionHintKey } from '../../../web/src/lib/auth/load-auth-client';
import type { AuthClient, AuthEvent, AuthUser } from '../../../web/src/lib/auth/types';
import { testRuntimeConfig } from './runtime-env.stub';

jest.mock('../../../web/src/lib/auth/load-auth-client', () => {
  const actual = jest.requireActual('../../../web/src/lib/auth/load-auth-client');
  return { ...actual, loadAuthClient: jest.fn() };
});

const demo: AuthUser = { sub: 'u-1', email: 'demo@raincheck.local', groups: [] };

/** A fake auth client whose Hub events the test fires. */
function fakeClient(user: AuthUser | null) {
  let listener: ((event: AuthEvent) => void) | null = null;
  const state = { user };
  const client = {
    currentUser: jest.fn(async () => state.user),
    listen: jest.fn((onEvent: (event: AuthEvent) => void) => {
      listener = onEvent;
      return () => (listener = null);
    }),
    signOut: jest.fn(async () => {
      state.user = null;
      listener?.('signedOut'); // Amplify dispatches the Hub event before signOut resolves.
    }),
  } as unknown as AuthClient & { signOut: jest.Mock };
  return { client, state, emit: (event: AuthEvent) => listener?.(event) };
}

function Probe() {
  const auth = useAuth();
  return (
    <>
      <p data-testid="status">{auth.status}</p>
      <p data-testid="email">{auth.user?.email ?? ''}</p>
      <p data-testid="by-user">{String(auth.signedOutByUser)}</p>
      <button onClick={() => void auth.signOut()}>sign out</button>
    </>
  );
}

const load = loadAuthClient as jest.MockedFunction<typeof loadAuthClient>;
const storeSession = () =>
  window.localStorage.setItem(sessionHintKey(testRuntimeConfig.userPoolClientId), 'someone');

/** A stored session of `user`, the provider mounted and signed in; the fake client, to act on. */
async function signedInAs(user: AuthUser) {
  storeSession();
  const fake = fakeClient(user);
  load.mockResolvedValue(fake.client);
  render(
    <AuthProvider>
      <Probe />
    </AuthProvider>,
  );
  await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('signedIn'));
  return fake;
}

describe('AuthProvider', () => {
  afterEach(() => load.mockReset());

  it('should be signed out at once without loading the auth client when no session is stored', () => {
    render(
      <AuthProvider>
        <Probe />
      </AuthProvider>,
    );
    expect(screen.getByTestId('status')).toHaveTextContent('signedOut');
    expect(load).not.toHaveBeenCalled();
  });

  it('should go from loading to signed in with the user when a session is stored', async () => {
    storeSession();
    load.mockResolvedValue(fakeClient(demo).client);
    render(
      <AuthProvider>
        <Probe />
      </AuthProvider>,
    );
    expect(screen.getByTestId('status')).toHaveTextContent('loading');
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('signedIn'));
    expect(screen.getByTestId('email')).toHaveTextContent('demo@raincheck.local');
  });

  it('should become signed out when the auth provider reports a sign-out elsewhere', async () => {
    const fake = await signedInAs(demo);

    act(() => fake.emit('signedOut'));

    expect(screen.getByTestId('status')).toHaveTextContent('signedOut');
    expect(screen.getByTestId('by-user')).toHaveTextContent('false');
  });

  it('should mark the sign-out as the user’s own when they sign out here', async () => {
    const fake = await signedInAs(demo);

    await act(async () => screen.getByRole('button', { name: 'sign out' }).click());

    expect(fake.client.signOut).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('status')).toHaveTextContent('signedOut');
    expect(screen.getByTestId('by-user')).toHaveTextContent('true');
  });
});
