import { API_KEY_MESSAGES, API_KEY_RATE, API_KEY_SECRET_PREFIX } from '../../../shared/api-keys';
import type { AccountRepo } from '../account/account.ports';
import { tenantFromStore, type Caller } from '../caller';
import { RateLimitedError } from '../errors';
import type { Clock } from '../runtime.ports';
import { assertApiAccess, hashApiKeySecret } from './api-keys';
import type { ApiKeyStore } from './api-keys.ports';

export interface ApiKeyCallerDeps {
  keys: ApiKeyStore;
  accounts: Pick<AccountRepo, 'getSubscription'>;
  clock: Clock;
}

/** Whether a bearer token is an API key (and not a Cognito or support token): by its prefix alone. */
export const isApiKeySecret = (token: string): boolean => token.startsWith(API_KEY_SECRET_PREFIX);

/**
 * The caller an API key acts as, or null for an unknown or revoked key (401). Each call takes one
 * token from the key's bucket (429 with Retry-After when empty) and is counted on the key's day. The
 * account is the key's stored one, never the request's; a write key acts as a manager, a read key as
 * a viewer. An account no longer on a plan with `apiAccess` is refused (403 naming the plan).
 */
export async function callerFromApiKey(
  secret: string,
  deps: ApiKeyCallerDeps,
): Promise<{ caller: Caller; keyId: string } | null> {
  if (!isApiKeySecret(secret)) return null;
  const found = await deps.keys.takeCall(hashApiKeySecret(secret), deps.clock.now(), API_KEY_RATE);
  if (!found) return null;
  const { key, take } = found;
  if (!take.allowed) throw new RateLimitedError(API_KEY_MESSAGES.rateLimited, take.retryAfterSeconds);
  await assertApiAccess(tenantFromStore(key.tenantId), deps.accounts);
  return {
    keyId: key.id,
    caller: {
      userId: `apikey:${key.id}`,
      email: key.createdBy,
      groups: [],
      accountId: key.tenantId,
      role: key.scopes.includes('write') ? 'manager' : 'viewer',
      actorName: `API key “${key.name}”`,
    },
  };
}
