import type { SsoDefaultRole, SsoType } from '../../../shared/sso-names';
import type { TenantId } from '../caller';

/** An account's identity provider as stored (its secret never is: it lives with the provider). */
export interface SsoConnection {
  tenantId: string;
  type: SsoType;
  /** The Cognito identity provider's name (`rc<account>`), unique per account. */
  providerName: string;
  /** The domains the owner asked for; only claimed ones (`SsoStore.claimDomain`) route to SSO. */
  domains: string[];
  defaultRole: SsoDefaultRole;
  issuerUrl?: string;
  clientId?: string;
  hasClientSecret: boolean;
  metadataUrl?: string;
  hasMetadataXml: boolean;
  /** The token the TXT records must carry; made once per account. */
  verificationToken: string;
  updatedAt: string;
}

/** A proven domain: one account at most (a conditional create), the provider its people use. */
export interface DomainClaim {
  domain: string;
  tenantId: string;
  providerName: string;
}

export interface SsoStore {
  connection(tenant: TenantId): Promise<SsoConnection | null>;
  connectionByProvider(providerName: string): Promise<SsoConnection | null>;
  putConnection(connection: SsoConnection): Promise<void>;
  claimOf(domain: string): Promise<DomainClaim | null>;
  /** Claims `domain` for the tenant unless another account holds it; true when the tenant holds it now. */
  claimDomain(claim: DomainClaim): Promise<boolean>;
  /** Drops the tenant's claim on `domain` (nothing when another account holds it). */
  releaseDomain(tenant: TenantId, domain: string): Promise<void>;
  /**
   * Takes the account's save lease for `lease.holder` until `lease.until`, unless another holder's
   * lease is still running at `now` (a conditional write); true when taken.
   */
  takeSaveLease(tenant: TenantId, lease: SaveLease, now: string): Promise<boolean>;
  /** Gives the lease back (nothing when it expired and another save holds it now). */
  releaseSaveLease(tenant: TenantId, holder: string): Promise<void>;
}

/** Who holds an account's SSO save lease (`underSaveLease`) and until when (ISO instant). */
export interface SaveLease {
  holder: string;
  until: string;
}

/** What the identity provider is registered with: Cognito's user pool in AWS, the federation front locally. */
export interface FederatedProvider {
  providerName: string;
  type: SsoType;
  domains: string[];
  issuerUrl?: string;
  clientId?: string;
  /** Absent: keep the secret already registered. */
  clientSecret?: string;
  metadataUrl?: string;
  metadataXml?: string;
}

export interface IdentityProviders {
  put(provider: FederatedProvider): Promise<void>;
}

/** Whether the domain's DNS carries the TXT record (`resolveTxt`), or the local development switch. */
export interface DomainProof {
  proven(domain: string, expectedValue: string): Promise<boolean>;
}

/** Where sign-in through a provider starts: Cognito's managed login `/oauth2/authorize`. */
export interface SsoLogin {
  authorizeUrl: string;
  clientId: string;
  /** The SPA's callback (`<origin>/auth/sso-callback`). */
  redirectUri: string;
  /** Where the IdP answers Cognito: the OIDC redirect URI and the SAML ACS URL to enter at the IdP. */
  oidcCallbackUrl: string;
  samlAcsUrl: string;
}
