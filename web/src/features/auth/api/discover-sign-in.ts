import type { DiscoverAnswer } from '../../../../../shared/sso';
import { api } from '../../../lib/api-client';

/** GET /api/auth/discover: whether an address signs in with a password or through its company's provider. */
export function discoverSignIn(email: string, signal?: AbortSignal): Promise<DiscoverAnswer> {
  return api<DiscoverAnswer>(`/api/auth/discover?email=${encodeURIComponent(email)}`, {
    auth: false,
    signal,
  });
}
