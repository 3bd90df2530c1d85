import { api } from '../../../lib/api-client';

/** POST /api/consolidated/stripe/create-portal-session: the provider's page for card and cancellation. */
export function createPortalSession(): Promise<{ url: string }> {
  return api<{ url: string }>('/api/consolidated/stripe/create-portal-session', { method: 'POST' });
}
