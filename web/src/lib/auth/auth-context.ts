import { createContext, useContext } from 'react';
import type { AuthClient, AuthStatus, AuthUser, SignInOutcome } from './types';

export interface AuthContextValue {
  status: AuthStatus;
  user: AuthUser | null;
  /** True after the user signed out here (guards then send them home rather than to the login page). */
  signedOutByUser: boolean;
  /** The auth client, loading it on first use; also starts listening for auth-state changes. */
  getClient(): Promise<AuthClient>;
  /** Starts downloading the auth client without waiting (e.g. when the pointer nears the Login button). */
  preload(): void;
  /** Signs in and, on success, updates the state before resolving (so guards see the new user at once). */
  signIn(email: string, password: string): Promise<SignInOutcome & { user?: AuthUser | null }>;
  /** Answers the authenticator-app code of a sign-in; on success updates the state as `signIn` does. */
  confirmTotpCode(code: string): Promise<SignInOutcome & { user?: AuthUser | null }>;
  signOut(): Promise<void>;
  /** Re-reads the session (after sign-in, sign-up confirmation, …). */
  refresh(): Promise<AuthUser | null>;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
