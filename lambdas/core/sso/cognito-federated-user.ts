import type { FederatedIdentity } from './sso-sign-in';

/** What a Cognito trigger event says of its user (the common part of every trigger's event). */
export interface CognitoTriggerUser {
  triggerSource: string;
  userName: string;
  request: { userAttributes: Record<string, string | undefined> };
}

/** The pre-sign-up source of a user Cognito is about to create for an identity provider's answer. */
export const EXTERNAL_PROVIDER_SIGN_UP = 'PreSignUp_ExternalProvider';

/** The first identity's provider in Cognito's `identities` attribute (a JSON array), if any. */
function providerOfIdentities(identities: string | undefined): string | null {
  if (!identities) return null;
  try {
    const parsed = JSON.parse(identities) as unknown;
    const first = Array.isArray(parsed) ? (parsed[0] as { providerName?: unknown } | undefined) : undefined;
    return typeof first?.providerName === 'string' ? first.providerName : null;
  } catch {
    return null;
  }
}

/**
 * The provider's answer a trigger event stands for, when its user signs in through an identity
 * provider; null for a user of the pool's own passwords. Cognito names a federated user
 * `<Provider>_<provider's sub>` (our provider names, `rc<hex>`, hold no underscore) and, once the user
 * exists, lists the provider in `identities`. `email` and `email_verified` are the provider's claims as
 * the identity provider's attribute mapping copies them (cognito-identity-providers.ts).
 */
export function federatedIdentityOf(event: CognitoTriggerUser): FederatedIdentity | null {
  const attrs = event.request.userAttributes;
  const external =
    event.triggerSource === EXTERNAL_PROVIDER_SIGN_UP || attrs['cognito:user_status'] === 'EXTERNAL_PROVIDER';
  const providerName =
    providerOfIdentities(attrs.identities) ??
    (external && event.userName.includes('_') ? event.userName.slice(0, event.userName.indexOf('_')) : null);
  if (!providerName) return null;
  return {
    providerName,
    email: (attrs.email ?? '').toLowerCase(),
    emailVerified: attrs.email_verified === 'true',
  };
}
