import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { getRuntimeConfig } from '../../config/runtime-env';
import { AuthContext, type AuthContextValue } from './auth-context';
import { hasStoredSession, loadAuthClient, sessionHintKey } from './load-auth-client';
import { tokenCookieSyncFromConfig } from './token-cookie-sync';
import type { AuthClient, AuthStatus, AuthUser } from './types';

interface AuthState {
  status: AuthStatus;
  user: AuthUser | null;
  signedOutByUser: boolean;
}

const SIGNED_OUT: AuthState = { status: 'signedOut', user: null, signedOutByUser: false };

/**
 * Auth state (spec §4): loading, then signed in or signed out, kept current by Amplify's Hub events.
 * With no stored session the visitor is signed out straight away and the auth code is not downloaded
 * until something needs it.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<AuthState>(() =>
    hasStoredSession() ? { status: 'loading', user: null, signedOutByUser: false } : SIGNED_OUT,
  );
  const unlisten = useRef<(() => void) | null>(null);
  // While the user signs out here, Amplify's own 'signedOut' event must not win over `signedOutByUser`.
  const signingOut = useRef(false);
  // Optional ID-token cookie sync (spec §7): null unless /config.json names a tokenCookieSyncUrl.
  const [cookieSync] = useState(() => tokenCookieSyncFromConfig(getRuntimeConfig()));

  const refresh = useCallback(async (): Promise<AuthUser | null> => {
    try {
      const client = await loadAuthClient();
      const user = await client.currentUser();
      setState(user ? { status: 'signedIn', user, signedOutByUser: false } : SIGNED_OUT);
      return user;
    } catch {
      setState(SIGNED_OUT);
      return null;
    }
  }, []);

  const getClient = useCallback(async (): Promise<AuthClient> => {
    const client = await loadAuthClient();
    unlisten.current ??= client.listen((event) => {
      if (event === 'signedIn' || event === 'tokenRefresh') {
        void refresh();
        if (cookieSync) {
          client.idToken().then(
            (token) => (token ? cookieSync.tokenChanged(token) : undefined),
            () => undefined,
          );
        }
        return;
      }
      if (event === 'signedOut') void cookieSync?.signedOut();
      if (!signingOut.current) setState((current) => (current.status === 'signedOut' ? current : SIGNED_OUT));
    });
    return client;
  }, [refresh, cookieSync]);

  useEffect(() => {
    if (hasStoredSession()) {
      getClient().then(refresh, () => setState(SIGNED_OUT));
    }
    // A sign-in in another tab writes the session hint; pick it up even if auth was never loaded here.
    const hint = sessionHintKey(getRuntimeConfig().userPoolClientId);
    const onStorage = (event: StorageEvent) => {
      if (event.key === hint && event.newValue !== null) getClient().then(refresh, () => undefined);
    };
    window.addEventListener('storage', onStorage);
    return () => {
      window.removeEventListener('storage', onStorage);
      unlisten.current?.();
      unlisten.current = null;
    };
  }, [getClient, refresh]);

  const value = useMemo<AuthContextValue>(
    () => ({
      ...state,
      getClient,
      preload: () => {
        void getClient().catch(() => undefined);
      },
      signIn: async (email, password) => {
        const client = await getClient();
        const outcome = await client.signIn(email, password);
        if (outcome.kind !== 'signedIn') return outcome;
        return { ...outcome, user: await refresh() };
      },
      confirmTotpCode: async (code) => {
        const client = await getClient();
        const outcome = await client.confirmTotpCode(code);
        if (outcome.kind !== 'signedIn') return outcome;
        return { ...outcome, user: await refresh() };
      },
      signOut: async () => {
        const client = await getClient();
        signingOut.current = true;
        try {
          await client.signOut();
        } finally {
          signingOut.current = false;
          setState({ ...SIGNED_OUT, signedOutByUser: true });
        }
      },
      refresh,
    }),
    [state, getClient, refresh],
  );

  return <AuthContext value={value}>{children}</AuthContext>;
}
