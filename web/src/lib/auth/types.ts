/** The signed-in user as the app sees it, read from the verified Cognito ID token. */
export interface AuthUser {
  sub: string;
  email: string;
  groups: string[];
}

export const ADMIN_GROUP = 'admins';

export function isAdmin(user: AuthUser | null | undefined): boolean {
  return !!user && user.groups.includes(ADMIN_GROUP);
}

export type AuthStatus = 'loading' | 'signedIn' | 'signedOut';

export type SignInOutcome =
  | { kind: 'signedIn' }
  /** The account exists but its email was never confirmed. */
  | { kind: 'confirmSignUp' }
  /** The password was right; the account has an authenticator app: its 6-digit code is next. */
  | { kind: 'totpCode' }
  /** A step this app does not offer (MFA, new password challenge, …). */
  | { kind: 'unsupported'; step: string };

export type SignUpOutcome = { kind: 'confirmCode'; destination: string | null } | { kind: 'done' };

export type AuthEvent = 'signedIn' | 'signedOut' | 'tokenRefresh' | 'tokenRefreshFailed';

/**
 * What the app needs from the auth provider. The Amplify implementation lives in amplify-client.ts and
 * is loaded on demand, so pages that never need auth (the landing page for a signed-out visitor) do not
 * download it.
 */
export interface AuthClient {
  signIn(email: string, password: string): Promise<SignInOutcome>;
  /** Answers the authenticator-app step of a sign-in (after `{ kind: 'totpCode' }`). */
  confirmTotpCode(code: string): Promise<SignInOutcome>;
  /** The signed-in user's authenticator app (TOTP): Cognito's software-token MFA. */
  totp: TotpClient;
  signOut(): Promise<void>;
  signUp(email: string, password: string): Promise<SignUpOutcome>;
  confirmSignUp(email: string, code: string): Promise<void>;
  resendSignUpCode(email: string): Promise<void>;
  requestPasswordReset(email: string): Promise<void>;
  confirmPasswordReset(email: string, code: string, newPassword: string): Promise<void>;
  updatePassword(oldPassword: string, newPassword: string): Promise<void>;
  /** The user of the current session, or null when signed out. Refreshes expired tokens. */
  currentUser(): Promise<AuthUser | null>;
  /** The ID token for `Authorization: Bearer …`, or null when signed out. */
  idToken(): Promise<string | null>;
  /** Subscribes to auth-state changes; returns the unsubscribe function. */
  listen(onEvent: (event: AuthEvent) => void): () => void;
}

/** An authenticator app for the signed-in user (Cognito's software-token MFA). */
export interface TotpClient {
  enabled(): Promise<boolean>;
  /** A new secret and its otpauth:// URI (the QR code's content); nothing changes until `verify`. */
  setUp(accountName: string): Promise<{ secret: string; uri: string }>;
  /** Checks a code of the new secret and turns two-factor sign-in on. */
  verify(code: string): Promise<void>;
  disable(): Promise<void>;
}
