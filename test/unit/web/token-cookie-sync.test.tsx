import { act, render, screen, waitFor } from '@testing-library/react';
import { AuthProvider } from '../../../web/src/lib/auth/auth-provider';
import { useAuth } from '../../../web/src/lib/auth/auth-context';
import { loadAuthClient } from '../../../web/src/lib/auth/load-auth-client';
import {
  createTokenCookieSync,
  DEFAULT_TOKEN_COOKIE_MAX_AGE_SECONDS,
  tokenCookieSyncFromConfig,
  tokenIssuedAt,
} from '../../../web/src/lib/auth/token-cookie-sync';
import type { AuthClient, AuthEvent, AuthUser } from '../../../web/src/lib/auth/types';
import { testRuntimeConfig } from './runtime-env.stub';

jest.mock('../../../web/src/lib/auth/load-auth-client', () => {
  const actual = jest.requireActual('../../../web/src/lib/auth/load-auth-client');
  return { ...actual, loadAuthClient: jest.fn() };
});

const ORIGIN = 'http://localhost';
const NOW = Date.parse('2026-11-22T12:00:00Z');

/** An unsigned JWT-shaped token with the given `iat` (the sync only reads it; the server verifies). */
function tokenIssued(iatSeconds: number): string {
  const part = (value: object) =>
    btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return `${part({ alg: 'RS256' })}.${part({ sub: 'u-1', iat: iatSeconds })}.sig`;
}

/** jsdom has no Response; the sync only reads `ok` and `status`. */
const reply = (status: number) => ({ ok: status >= 200 && status < 300, status }) as Response;
const okFetch = () => jest.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => reply(204));

describe('token cookie sync (core)', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    jest.setSystemTime(NOW);
  });
  afterEach(() => jest.useRealTimers());

  it('should read iat from the payload when the token is a JWT and null when it is not', () => {
    expect(tokenIssuedAt(tokenIssued(1_790_000_000))).toBe(1_790_000_000);
    expect(tokenIssuedAt('not-a-token')).toBeNull();
    expect(tokenIssuedAt('a.%%%.c')).toBeNull();
  });

  it('should POST the token as a bearer to the same-origin URL when the token is fresh', async () => {
    const fetch = okFetch();
    const sync = createTokenCookieSync({ url: '/api/session', maxAgeSeconds: 60, origin: ORIGIN, fetch })!;
    const token = tokenIssued(NOW / 1000 - 10);

    await expect(sync.tokenChanged(token)).resolves.toBe('posted');

    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe(`${ORIGIN}/api/session`);
    expect(init).toMatchObject({
      method: 'POST',
      credentials: 'same-origin',
      headers: { authorization: `Bearer ${token}` },
    });
  });

  it('should skip the POST when the token is older than the configured age', async () => {
    const fetch = okFetch();
    const sync = createTokenCookieSync({ url: '/api/session', maxAgeSeconds: 60, origin: ORIGIN, fetch })!;
    const token = tokenIssued(NOW / 1000 - 30);

    await expect(sync.tokenChanged(token)).resolves.toBe('posted');
    // The same token, 31 s later, is 61 s old.
    jest.advanceTimersByTime(31_000);
    await expect(sync.tokenChanged(token)).resolves.toBe('skippedTooOld');
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('should use the default age when the config names none', async () => {
    const fetch = okFetch();
    const sync = createTokenCookieSync({ url: '/api/session', origin: ORIGIN, fetch })!;
    const limit = DEFAULT_TOKEN_COOKIE_MAX_AGE_SECONDS;
    await expect(sync.tokenChanged(tokenIssued(NOW / 1000 - limit))).resolves.toBe('posted');
    await expect(sync.tokenChanged(tokenIssued(NOW / 1000 - limit - 1))).resolves.toBe('skippedTooOld');
  });

  it('should send DELETE without a token when the user signs out', async () => {
    const fetch = okFetch();
    const sync = createTokenCookieSync({ url: '/api/session', origin: ORIGIN, fetch })!;
    await expect(sync.signedOut()).resolves.toBe('deleted');
    const [, init] = fetch.mock.calls[0]!;
    expect(init).toEqual({ method: 'DELETE', credentials: 'same-origin' });
  });

  it('should report failure without throwing when the server answers an error or is unreachable', async () => {
    const onError = jest.fn();
    const failing = jest
      .fn()
      .mockResolvedValueOnce(reply(500))
      .mockRejectedValueOnce(new TypeError('offline'));
    const sync = createTokenCookieSync({ url: '/api/session', origin: ORIGIN, fetch: failing, onError })!;
    await expect(sync.tokenChanged(tokenIssued(NOW / 1000))).resolves.toBe('failed');
    await expect(sync.signedOut()).resolves.toBe('failed');
    expect(onError).toHaveBeenCalledTimes(2);
  });

  it('should refuse to sync when the URL is on another origin', () => {
    const onError = jest.fn();
    expect(
      createTokenCookieSync({ url: 'https://evil.example/steal', origin: ORIGIN, fetch: okFetch(), onError }),
    ).toBeNull();
    expect(onError).toHaveBeenCalled();
  });

  it('should be off when the runtime config has no tokenCookieSyncUrl', () => {
    expect(tokenCookieSyncFromConfig({}, ORIGIN)).toBeNull();
    expect(tokenCookieSyncFromConfig({ tokenCookieSyncUrl: '/api/session' }, ORIGIN)).not.toBeNull();
  });
});

describe('token cookie sync (wired into the auth provider)', () => {
  const demo: AuthUser = { sub: 'u-1', email: 'demo@raincheck.local', groups: [] };
  const load = loadAuthClient as jest.MockedFunction<typeof loadAuthClient>;
  const realFetch = global.fetch;
  let fetchMock: jest.Mock;
  let token: string;

  function fakeClient() {
    let listener: ((event: AuthEvent) => void) | null = null;
    const client = {
      currentUser: jest.fn(async () => demo),
      idToken: jest.fn(async () => token),
      listen: jest.fn((onEvent: (event: AuthEvent) => void) => {
        listener = onEvent;
        return () => (listener = null);
      }),
      signOut: jest.fn(async () => listener?.('signedOut')),
    } as unknown as AuthClient;
    return { client, emit: (event: AuthEvent) => listener?.(event) };
  }

  function Probe() {
    const auth = useAuth();
    return (
      <>
        <p data-testid="status">{auth.status}</p>
        <button onClick={() => void auth.getClient()}>load</button>
      </>
    );
  }

  beforeEach(() => {
    token = tokenIssued(Math.floor(Date.now() / 1000));
    fetchMock = jest.fn(async () => reply(204));
    global.fetch = fetchMock as unknown as typeof fetch;
  });
  afterEach(() => {
    global.fetch = realFetch;
    delete testRuntimeConfig.tokenCookieSyncUrl;
    delete testRuntimeConfig.tokenCookieMaxAgeSeconds;
    load.mockReset();
  });

  async function renderWithFakeClient() {
    const fake = fakeClient();
    load.mockResolvedValue(fake.client);
    render(
      <AuthProvider>
        <Probe />
      </AuthProvider>,
    );
    await act(async () => screen.getByRole('button', { name: 'load' }).click());
    await waitFor(() => expect(fake.client.listen).toHaveBeenCalled());
    return fake;
  }

  it('should POST on sign-in and token refresh and DELETE on sign-out when a sync URL is configured', async () => {
    testRuntimeConfig.tokenCookieSyncUrl = '/api/session';
    const fake = await renderWithFakeClient();

    await act(async () => fake.emit('signedIn'));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    await act(async () => fake.emit('tokenRefresh'));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    await act(async () => fake.emit('signedOut'));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(3));

    const methods = fetchMock.mock.calls.map(([, init]) => (init as RequestInit).method);
    expect(methods).toEqual(['POST', 'POST', 'DELETE']);
    expect((fetchMock.mock.calls[0]![1] as RequestInit).headers).toEqual({
      authorization: `Bearer ${token}`,
    });
    expect(String(fetchMock.mock.calls[0]![0])).toBe(`${window.location.origin}/api/session`);
  });

  it('should not call the network when no sync URL is configured', async () => {
    const fake = await renderWithFakeClient();
    await act(async () => {
      fake.emit('signedIn');
      fake.emit('tokenRefresh');
      fake.emit('signedOut');
    });
    await waitFor(() => expect(fake.client.currentUser).toHaveBeenCalled());
    await act(async () => undefined);
    expect(fake.client.idToken).not.toHaveBeenCalled();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('should skip the POST when the session token is older than tokenCookieMaxAgeSeconds', async () => {
    testRuntimeConfig.tokenCookieSyncUrl = '/api/session';
    testRuntimeConfig.tokenCookieMaxAgeSeconds = 60;
    token = tokenIssued(Math.floor(Date.now() / 1000) - 120);
    const fake = await renderWithFakeClient();
    await act(async () => fake.emit('tokenRefresh'));
    await waitFor(() => expect(fake.client.idToken).toHaveBeenCalled());
    await act(async () => undefined);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
