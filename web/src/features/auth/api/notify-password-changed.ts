import { api } from '../../../lib/api-client';

/**
 * POST /api/me/password-changed: asks the server to email the account owner that their password
 * changed (Cognito changed it; the SPA talks to Cognito directly). Best effort: the change itself
 * has succeeded whatever this answers.
 */
export async function notifyPasswordChanged(): Promise<void> {
  try {
    await api<{ sent: boolean }>('/api/me/password-changed', { method: 'POST', body: {} });
  } catch {
    // The notice is a courtesy; a failure must not make a successful change look failed.
  }
}
