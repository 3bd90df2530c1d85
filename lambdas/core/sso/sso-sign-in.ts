import type { DiscoverAnswer } from '../../../shared/sso';
import { emailDomain, SSO_MESSAGES } from '../../../shared/sso-names';
import { tenantFromStore } from '../caller';
import { ForbiddenError } from '../errors';
import type { Clock } from '../runtime.ports';
import type { Membership } from '../team/team.ports';
import type { SsoLogin, SsoStore } from './sso.ports';

/** The seat a first SSO sign-in takes; `joined` also when the person already sits in that account. */
export interface SsoMemberships {
  membershipOf(userId: string): Promise<Membership | null>;
  /** Creates the membership unless the person has one (a conditional create): false when they had one. */
  join(member: Membership): Promise<boolean>;
}

export interface SsoSignInDeps {
  store: SsoStore;
  memberships: SsoMemberships;
  clock: Clock;
  login: SsoLogin;
}

/**
 * Where the email-first sign-in sends an address: to the provider of an account that proved the
 * domain, else to the password form. The URL is Cognito's managed login with the provider named; the
 * SPA adds its PKCE challenge and state.
 */
export async function discover(
  email: string,
  deps: Pick<SsoSignInDeps, 'store' | 'login'>,
): Promise<DiscoverAnswer> {
  const claim = await deps.store.claimOf(emailDomain(email));
  if (!claim) return { method: 'password' };
  const url = new URL(deps.login.authorizeUrl);
  url.search = new URLSearchParams({
    identity_provider: claim.providerName,
    client_id: deps.login.clientId,
    response_type: 'code',
    scope: 'openid email profile',
    redirect_uri: deps.login.redirectUri,
    login_hint: email,
  }).toString();
  return { method: 'sso', redirectUrl: url.toString() };
}

/**
 * The pre-authentication rule: a password sign-in of an address whose domain an account has put under
 * SSO is refused, except the owner of that account (the break-glass fallback: a broken provider must
 * not lock the account out). Null: the password sign-in may go on.
 */
export async function passwordSignInRefusal(
  person: { userId: string; email: string },
  deps: Pick<SsoSignInDeps, 'store'>,
): Promise<string | null> {
  const claim = await deps.store.claimOf(emailDomain(person.email));
  if (!claim || claim.tenantId === person.userId) return null;
  return SSO_MESSAGES.passwordRefused;
}

/** What a provider's answer said, once its signature, issuer, audience and nonce were checked. */
export interface FederatedIdentity {
  providerName: string;
  email: string;
  /** OIDC's `email_verified`. Not consulted for a SAML provider: its signed assertion vouches for the address. */
  emailVerified: boolean;
}

export class FederationRefusedError extends ForbiddenError {}

/**
 * Whether a provider's answer may sign someone in, decided from our records only: the provider must
 * be an account's, the address verified, and its domain proven by that same account. No claim the
 * provider sends can name another account. Answers the account the person will belong to.
 */
export async function admitFederatedIdentity(
  identity: FederatedIdentity,
  deps: Pick<SsoSignInDeps, 'store'>,
): Promise<{ tenantId: string; defaultRole: Membership['role'] }> {
  const connection = await deps.store.connectionByProvider(identity.providerName);
  if (!connection) throw new FederationRefusedError('This identity provider is not registered.');
  if (connection.type === 'oidc' && !identity.emailVerified)
    throw new FederationRefusedError('The identity provider did not verify this email.');
  const claim = await deps.store.claimOf(emailDomain(identity.email));
  if (!claim || claim.tenantId !== connection.tenantId || claim.providerName !== identity.providerName)
    throw new FederationRefusedError(
      `${emailDomain(identity.email)} does not sign in through this provider.`,
    );
  return { tenantId: connection.tenantId, defaultRole: connection.defaultRole };
}

/**
 * The first sign-in of a federated user makes them a member of the provider's account with its
 * default role; a later one changes nothing. A person who already belongs to another account is
 * refused, never moved.
 */
export async function joinThroughSso(
  user: { userId: string; email: string },
  admitted: { tenantId: string; defaultRole: Membership['role'] },
  deps: Pick<SsoSignInDeps, 'memberships' | 'clock'>,
): Promise<{ joined: boolean }> {
  const tenant = tenantFromStore(admitted.tenantId);
  const existing = await deps.memberships.membershipOf(user.userId);
  if (existing) {
    if (existing.accountId !== tenant)
      throw new FederationRefusedError('This person already belongs to another account.');
    return { joined: false };
  }
  const joined = await deps.memberships.join({
    userId: user.userId,
    accountId: tenant,
    email: user.email,
    role: admitted.defaultRole,
    invitedBy: 'single sign-on',
    joinedAt: deps.clock.now().toISOString(),
  });
  if (!joined) {
    const now = await deps.memberships.membershipOf(user.userId);
    if (now?.accountId !== tenant)
      throw new FederationRefusedError('This person already belongs to another account.');
  }
  return { joined };
}

/**
 * Every sign-in through a provider: admitted by `admitFederatedIdentity`, then the first one's
 * membership (`joinThroughSso`). The local federation front runs it on each sign-in, and in AWS the
 * token trigger (lambdas/sso-triggers) runs it each time Cognito issues a federated user's tokens, so
 * a provider removed or a domain released stops sign-ins at once, and a membership a failed first
 * sign-in missed is made on the next.
 */
export async function signInThroughSso(
  identity: FederatedIdentity,
  user: { userId: string },
  deps: Pick<SsoSignInDeps, 'store' | 'memberships' | 'clock'>,
): Promise<{ tenantId: string; joined: boolean }> {
  const admitted = await admitFederatedIdentity(identity, deps);
  const { joined } = await joinThroughSso({ userId: user.userId, email: identity.email }, admitted, deps);
  return { tenantId: admitted.tenantId, joined };
}
