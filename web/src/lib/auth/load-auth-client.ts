import { getRuntimeConfig } from '../../config/runtime-env';
import type { AuthClient } from './types';

/**
 * Loads the Amplify auth client once, on first need (opening the login modal, a protected page, an API
 * call, or a stored session at start-up).
 */
let client: Promise<AuthClient> | null = null;

export function loadAuthClient(): Promise<AuthClient> {
  client ??= import('./amplify-client').then(
    (module) => module.createAmplifyAuthClient(getRuntimeConfig()),
    (error: unknown) => {
      client = null;
      throw error;
    },
  );
  return client;
}

/**
 * True when this browser holds an Amplify session for this app's client (Amplify writes
 * `CognitoIdentityServiceProvider.<clientId>.LastAuthUser` on sign-in and removes it on sign-out).
 * Without one the visitor is signed out and the auth code need not load.
 */
export function hasStoredSession(clientId: string = getRuntimeConfig().userPoolClientId): boolean {
  try {
    return window.localStorage.getItem(sessionHintKey(clientId)) !== null;
  } catch {
    return true; // Cannot tell: load the auth client and ask it.
  }
}

export function sessionHintKey(clientId: string): string {
  return `CognitoIdentityServiceProvider.${clientId}.LastAuthUser`;
}
